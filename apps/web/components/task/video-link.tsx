/** The task's explainer video as a link with a poster drawn here: nothing loads from the video site. */
import { PlayIcon } from "../ui/icons";

export function VideoLink({ youtubeId, label }: { youtubeId: string; label: string }) {
	return (
		<a
			className="video-link"
			href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`}
			target="_blank"
			rel="noopener noreferrer"
		>
			<span className="video-poster" aria-hidden>
				<PlayIcon />
			</span>
			<span>
				<span className="video-title">Watch: {label} explained</span>
				<span className="muted small">Opens the video on YouTube in a new tab</span>
			</span>
		</a>
	);
}
