"use client";
/**
 * An audio widget's recording: the model's sample (or the task's) to start
 * with, then whatever the visitor chooses in the upload area, with a player to
 * hear what will be sent.
 */
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { AUDIO_UPLOAD } from "@/lib/upload-config";
import type { Picture as Media } from "./image-input";

// Fetched when first shown: a widget that starts from its sample shows it only after "Change recording".
const UploadArea = dynamic(() => import("../upload/upload-area").then((module) => module.UploadArea), { ssr: false });

interface AudioInputProps {
	sampleUrl?: string;
	recording: Media | null;
	onChange: (recording: Media | null) => void;
	disabled?: boolean;
	/** The first sample has come or failed: from then on Run has what it sends. */
	onSampleSettled?: () => void;
}

const AUDIO_TYPES: Record<string, string> = {
	wav: "audio/wav",
	mp3: "audio/mpeg",
	flac: "audio/flac",
	ogg: "audio/ogg",
	webm: "audio/webm",
	m4a: "audio/mp4",
};

function audioTypeOf(url: string): string | undefined {
	const extension = url.slice(url.lastIndexOf(".") + 1).toLowerCase();
	return Object.hasOwn(AUDIO_TYPES, extension) ? AUDIO_TYPES[extension] : undefined;
}

export function AudioInput({ sampleUrl, recording, onChange, disabled, onSampleSettled }: AudioInputProps) {
	const current = useRef(recording);
	current.current = recording;
	// Until the sample has come (or failed), there is nothing to upload over.
	const [sampleLoading, setSampleLoading] = useState(Boolean(sampleUrl && !recording));

	const replace = (next: Media | null) => {
		if (current.current) URL.revokeObjectURL(current.current.url);
		onChange(next);
	};

	const loadSample = async () => {
		if (!sampleUrl) return;
		const response = await fetch(sampleUrl);
		if (!response.ok) return;
		const fetched = await response.blob();
		// A model's own sample comes from its repository, which sends a small file as text/plain:
		// the recording is typed by its name, as a chosen file would be, so the hub takes it as audio.
		const blob = fetched.type.startsWith("audio/")
			? fetched
			: new Blob([fetched], { type: audioTypeOf(sampleUrl) ?? fetched.type });
		replace({ blob, url: URL.createObjectURL(blob), name: sampleUrl.slice(sampleUrl.lastIndexOf("/") + 1) });
	};

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
		return () => {
			if (current.current) URL.revokeObjectURL(current.current.url);
		};
	}, []);

	if (recording) {
		return (
			<figure className="widget-picture" data-testid="widget-recording">
				{/* biome-ignore lint/a11y/useMediaCaption: the visitor's own recording; there is no caption track to give. */}
				<audio className="widget-audio" controls src={recording.url} aria-label={`Your input: ${recording.name}`} />
				<figcaption className="widget-picture-bar">
					<span className="small muted widget-picture-name">{recording.name}</span>
					<button type="button" className="button button-small" onClick={() => replace(null)} disabled={disabled}>
						Change recording
					</button>
				</figcaption>
			</figure>
		);
	}
	if (sampleLoading) return <p className="small muted">Loading the sample recording…</p>;
	return (
		<div className="widget-image-input">
			<UploadArea
				limits={AUDIO_UPLOAD}
				disabled={disabled}
				onAccept={({ file }) => replace({ blob: file, url: URL.createObjectURL(file), name: file.name || "recording" })}
			/>
			{sampleUrl ? (
				<button type="button" className="button button-small widget-sample" onClick={() => void loadSample()}>
					Use the sample recording
				</button>
			) : null}
		</div>
	);
}
