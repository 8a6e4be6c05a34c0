/**
 * "Clone repository" on a model or dataset page: a button opening a dialog with
 * the git and git-lfs commands (HTTPS, a token as the password) and the `hf`
 * CLI's download, each with a copy button, as huggingface.co offers them. The
 * commands (lib/clone-commands.ts) name this hub's public URL and the
 * repository's id; they are highlighted here on the server. A mirror of another
 * hub's repository is not served over git (its commits keep the upstream's ids):
 * the git tab sends people to the upstream, and the hf CLI tab comes first.
 */
import Link from "next/link";
import { type CloneSnippet, cloneWays } from "@/lib/clone-commands";
import type { RepoType } from "@/lib/paths";
import { publicUrl } from "@/lib/public-url";
import { CodeBlock } from "../snippet/code-block";
import { highlightAll } from "../snippet/highlight";
import { HighlightedCode } from "../snippet/highlighted-code";
import { CloneIcon } from "../ui/icons";
import { ModalDialog } from "../ui/modal-dialog";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs";
import "./clone-repository.css";

interface CloneRepositoryProps {
	type: RepoType;
	id: string;
	private: boolean;
	gated: false | "auto" | "manual";
	/** The upstream repository's URL when this one mirrors it. */
	mirrorOf?: string | null;
}

function Command({ snippet }: { snippet: CloneSnippet }) {
	return <CodeBlock code={snippet.content} title={snippet.title} language={snippet.language} />;
}

const TOKENS = (
	<Link href="/settings/tokens" prefetch={false}>
		your access tokens
	</Link>
);

export async function CloneRepository({ type, id, private: isPrivate, gated, mirrorOf }: CloneRepositoryProps) {
	const ways = cloneWays(type, id, await publicUrl());
	const highlighted = await highlightAll(ways);
	const what = type === "dataset" ? "dataset" : "model";
	return (
		<ModalDialog
			title="Clone repository"
			trigger={
				<>
					<CloneIcon /> Clone repository
				</>
			}
		>
			<HighlightedCode blocks={highlighted}>
				<Tabs defaultValue={mirrorOf ? "cli" : "git"}>
					<TabList aria-label="Ways to clone">
						<Tab value="git">Git (HTTPS)</Tab>
						<Tab value="cli">hf CLI</Tab>
					</TabList>
					<TabPanel value="git">
						{mirrorOf ? (
							<div className="stack clone-panel" data-testid="clone-git">
								<p>
									This {what} is a mirror of{" "}
									<a href={mirrorOf} rel="noopener noreferrer">
										{mirrorOf}
									</a>
									: clone it with git from there. This hub serves its files to the hf CLI and to huggingface_hub.
								</p>
							</div>
						) : (
							<div className="stack clone-panel" data-testid="clone-git">
								<p>
									This {what} is a git repository; its large files are in Git LFS. Make sure git-lfs is installed (
									<a href="https://git-lfs.com" target="_blank" rel="noopener noreferrer">
										git-lfs.com
									</a>
									), then:
								</p>
								<Command snippet={ways.git.install} />
								<Command snippet={ways.git.clone} />
								<p className="muted small">To clone without the large files, only their pointers:</p>
								<Command snippet={ways.git.pointersOnly} />
								<p className="clone-note small">
									{isPrivate ? (
										<>
											This repository is private: when git asks for a password, use an access token with write
											permission (from {TOKENS}); any user name will do.
										</>
									) : (
										<>
											To push, when git asks for a password, use an access token with write permission (from {TOKENS});
											any user name will do.
										</>
									)}
									{gated ? " It is gated: clone with a token of an account that was granted access." : null}
								</p>
							</div>
						)}
					</TabPanel>
					<TabPanel value="cli">
						<div className="stack clone-panel" data-testid="clone-cli">
							<p>
								The <code>hf</code> command comes with the <code>huggingface_hub</code> Python package. Point it at this
								hub, then download the {what} into the local cache:
							</p>
							<Command snippet={ways.cli.install} />
							<Command snippet={ways.cli.endpoint} />
							{isPrivate || gated ? (
								<>
									<p className="muted small">
										This {what} is {isPrivate ? "private" : "gated"}: sign in first with an access token from {TOKENS}.
									</p>
									<Command snippet={ways.cli.login} />
								</>
							) : null}
							<Command snippet={ways.cli.download} />
						</div>
					</TabPanel>
				</Tabs>
			</HighlightedCode>
		</ModalDialog>
	);
}
