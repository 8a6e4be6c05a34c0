"use client";
/**
 * Avatar upload through the site's one upload area: it turns away the wrong type,
 * a file over 2 MiB or a picture under 32×32 with its own message before anything
 * is sent; the hub checks again and its refusal (415, 413, 400) is shown as it says it.
 * `endpoint` is `/api/settings/avatar` for oneself or an organisation's avatar route.
 */
import Image from "next/image";
import { useState } from "react";
import { UploadArea } from "@/components/upload/upload-area";
import { hubCall } from "@/lib/hub/browser";
import type { UploadLimits } from "@/lib/upload-config";

const AVATAR_UPLOAD: UploadLimits = {
	noun: "picture",
	acceptedTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"],
	acceptedLabel: "PNG, JPEG, WebP or GIF",
	maxBytes: 2 * 1024 * 1024,
	minWidth: 32,
	minHeight: 32,
	maxFiles: 1,
};

function toPath(avatarUrl: string): string {
	try {
		return new URL(avatarUrl, window.location.origin).pathname;
	} catch {
		return avatarUrl;
	}
}

export function AvatarForm({ endpoint, initialPath, name }: { endpoint: string; initialPath: string; name: string }) {
	const [path, setPath] = useState(initialPath);
	const [message, setMessage] = useState<{ ok: boolean; text: string }>();
	const [busy, setBusy] = useState(false);

	const upload = async (file: File) => {
		setBusy(true);
		setMessage(undefined);
		const result = await hubCall<{ avatarUrl: string }>(endpoint, { method: "PUT", body: file });
		setBusy(false);
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return;
		}
		setPath(toPath(result.data.avatarUrl));
		setMessage({ ok: true, text: "Avatar updated." });
	};

	const remove = async () => {
		setBusy(true);
		const result = await hubCall(endpoint, { method: "DELETE" });
		setBusy(false);
		if (!result.ok) {
			setMessage({ ok: false, text: result.message });
			return;
		}
		setPath(`/api/avatars/${encodeURIComponent(name)}.svg`);
		setMessage({ ok: true, text: "Avatar removed: the generated one is back." });
	};

	return (
		<div className="stack" data-testid="avatar-form">
			<div className="row-actions">
				<Image className="avatar" src={path} alt={`Current avatar of ${name}`} width={80} height={80} unoptimized />
				<button type="button" className="button button-small" onClick={remove} disabled={busy}>
					Remove avatar
				</button>
			</div>
			<UploadArea
				limits={AVATAR_UPLOAD}
				prompt="Drop a new avatar here"
				disabled={busy}
				onAccept={(accepted) => void upload(accepted.file)}
			/>
			<div role="status" aria-live="polite">
				{message ? <p className={message.ok ? "form-success" : "form-error"}>{message.text}</p> : null}
			</div>
		</div>
	);
}
