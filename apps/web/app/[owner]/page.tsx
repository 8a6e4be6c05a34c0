/**
 * A bare model id (`/distilroberta-base`): old links from before namespaces. The
 * hub redirects the API call for a renamed id, so the answer carries the current
 * id, and the visitor is sent on to that model's page.
 */
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getModel } from "@/lib/hub";

type Props = { params: Promise<{ owner: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
	const { owner } = await params;
	return { title: decodeURIComponent(owner), description: `The model ${decodeURIComponent(owner)} on this hub.` };
}

export default async function BareIdPage({ params }: Props) {
	const name = decodeURIComponent((await params).owner);
	const model = await getModel(name);
	if (!model?.id.includes("/")) notFound();
	permanentRedirect(`/${model.id}`);
}
