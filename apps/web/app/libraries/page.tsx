import { DEFAULT_DOWNLOAD_QUERY, LIBRARY_KEYS, MODEL_LIBRARIES } from "@hubkit/tasks";
import type { Metadata } from "next";
import Link from "next/link";

export async function generateMetadata(): Promise<Metadata> {
	return {
		title: "Libraries",
		description:
			"Every model library the hub knows: where it lives, its docs, and which file fetches count as a download.",
	};
}

export default function LibrariesPage() {
	const keys = [...LIBRARY_KEYS].sort((a, b) =>
		MODEL_LIBRARIES[a].prettyLabel.localeCompare(MODEL_LIBRARIES[b].prettyLabel),
	);
	return (
		<div className="page">
			<header className="page-header">
				<h1>Libraries</h1>
				<p className="muted">
					{keys.length} libraries. Pick one to see how to load its models and which models use it.
				</p>
			</header>
			<div className="table-scroll">
				<table className="table">
					<thead>
						<tr>
							<th scope="col">Library</th>
							<th scope="col">Repository</th>
							<th scope="col">Model filter</th>
							<th scope="col">Counts a download on</th>
						</tr>
					</thead>
					<tbody>
						{keys.map((key) => {
							const library = MODEL_LIBRARIES[key];
							return (
								<tr key={key}>
									<td>
										<Link href={`/libraries/${key}`}>{library.prettyLabel}</Link>
									</td>
									<td>
										<a href={library.repoUrl} target="_blank" rel="noopener noreferrer">
											{library.repoName}
										</a>
									</td>
									<td>{library.filter ? "Yes" : "No"}</td>
									<td>
										<code className="small">{library.countDownloads ?? DEFAULT_DOWNLOAD_QUERY}</code>
									</td>
								</tr>
							);
						})}
					</tbody>
				</table>
			</div>
		</div>
	);
}
