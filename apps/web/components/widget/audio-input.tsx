"use client";
/**
 * An audio widget's recording: the model's sample (or the task's) to start
 * with, then whatever the visitor chooses in the upload area, with a player to
 * hear what will be sent.
 */
import { useEffect, useRef } from "react";
import { AUDIO_UPLOAD } from "@/lib/upload-config";
import { UploadArea } from "../upload/upload-area";
import type { Picture as Media } from "./image-input";

interface AudioInputProps {
	sampleUrl?: string;
	recording: Media | null;
	onChange: (recording: Media | null) => void;
	disabled?: boolean;
}

export function AudioInput({ sampleUrl, recording, onChange, disabled }: AudioInputProps) {
	const current = useRef(recording);
	current.current = recording;

	const replace = (next: Media | null) => {
		if (current.current) URL.revokeObjectURL(current.current.url);
		onChange(next);
	};

	const loadSample = async () => {
		if (!sampleUrl) return;
		const response = await fetch(sampleUrl);
		if (!response.ok) return;
		const blob = await response.blob();
		replace({ blob, url: URL.createObjectURL(blob), name: sampleUrl.slice(sampleUrl.lastIndexOf("/") + 1) });
	};

	// biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render.
	useEffect(() => {
		if (!current.current) void loadSample().catch(() => undefined);
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
