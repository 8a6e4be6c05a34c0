"use client";
/**
 * An image widget's picture: the model's sample to start with, then whatever
 * the visitor chooses in the upload area, and the canvas editor (opened on
 * demand, loaded lazily) to draw on it or paint a mask before running.
 */
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import type { EditedPicture } from "../canvas/canvas-editor";

// Fetched when first shown: a widget that starts from its sample shows it only after "Change picture".
const UploadArea = dynamic(() => import("../upload/upload-area").then((module) => module.UploadArea), { ssr: false });

// The dialog (and the editor inside it) is fetched when Edit is first pressed, and kept from then on.
const EditorDialog = dynamic(() => import("../canvas/editor-dialog").then((module) => module.EditorDialog), {
	ssr: false,
});

export interface Picture {
	blob: Blob;
	url: string;
	name: string;
}

interface ImageInputProps {
	sampleUrl?: string;
	picture: Picture | null;
	onChange: (picture: Picture | null) => void;
	disabled?: boolean;
	/** The first sample has come or failed: from then on Run has what it sends. */
	onSampleSettled?: () => void;
}

function pictureOf(blob: Blob, name: string): Picture {
	return { blob, name, url: URL.createObjectURL(blob) };
}

export function ImageInput({ sampleUrl, picture, onChange, disabled, onSampleSettled }: ImageInputProps) {
	const [editing, setEditing] = useState<Blob | null>(null);
	const [mask, setMask] = useState<string | null>(null);
	// Until the sample has come (or failed), there is nothing to upload over.
	const [sampleLoading, setSampleLoading] = useState(Boolean(sampleUrl && !picture));
	// Mounted from the first Edit on, so closing it is the dialog's own (focus goes back to Edit).
	const [editorMounted, setEditorMounted] = useState(false);
	const editButton = useRef<HTMLButtonElement>(null);
	const current = useRef(picture);
	current.current = picture;

	const replace = (next: Picture | null) => {
		if (current.current) URL.revokeObjectURL(current.current.url);
		onChange(next);
	};

	const loadSample = async () => {
		if (!sampleUrl) return;
		const response = await fetch(sampleUrl);
		if (!response.ok) return;
		const blob = await response.blob();
		replace(pictureOf(blob, sampleUrl.slice(sampleUrl.lastIndexOf("/") + 1)));
	};

	// Start from the model's sample picture, as the text widgets start from sample text.
	// biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render.
	useEffect(() => {
		if (!current.current) {
			void loadSample()
				.catch(() => undefined)
				.finally(() => {
					setSampleLoading(false);
					onSampleSettled?.();
				});
		} else onSampleSettled?.();
	}, []);

	// Object URLs belong to this component: let them go with it.
	useEffect(
		() => () => {
			if (current.current) URL.revokeObjectURL(current.current.url);
		},
		[],
	);

	const onEdited = (edited: EditedPicture) => {
		setEditing(null);
		if (mask) URL.revokeObjectURL(mask);
		setMask(edited.mask ? URL.createObjectURL(edited.mask) : null);
		replace(pictureOf(edited.image, "edited.png"));
		editButton.current?.focus();
	};

	return (
		<div className="widget-image-input">
			{picture ? (
				<figure className="widget-picture" data-testid="widget-picture">
					{/* biome-ignore lint/performance/noImgElement: the visitor's own picture as a local object URL. */}
					<img src={picture.url} alt={`Your input: ${picture.name}`} />
					<figcaption className="widget-picture-bar">
						<span className="small muted widget-picture-name">{picture.name}</span>
						<span className="button-row">
							<button
								ref={editButton}
								type="button"
								className="button button-small"
								onClick={() => {
									setEditorMounted(true);
									setEditing(picture.blob);
								}}
								disabled={disabled}
							>
								Edit
							</button>
							<button type="button" className="button button-small" onClick={() => replace(null)} disabled={disabled}>
								Change picture
							</button>
						</span>
					</figcaption>
					{mask ? (
						<p className="small muted">
							A mask was painted:{" "}
							<a href={mask} download="mask.png">
								download the mask (PNG)
							</a>{" "}
							for an inpainting model.
						</p>
					) : null}
				</figure>
			) : sampleLoading ? (
				<p className="small muted">Loading the sample picture…</p>
			) : (
				<>
					<UploadArea
						disabled={disabled}
						onAccept={(image) => {
							setMask(null);
							replace(pictureOf(image.file, image.file.name || "picture"));
						}}
					/>
					{sampleUrl ? (
						<button type="button" className="button button-small widget-sample" onClick={() => void loadSample()}>
							Use the sample picture
						</button>
					) : null}
				</>
			)}
			{editorMounted ? (
				<EditorDialog
					source={editing}
					onDone={onEdited}
					onClose={() => {
						setEditing(null);
						editButton.current?.focus();
					}}
				/>
			) : null}
		</div>
	);
}
