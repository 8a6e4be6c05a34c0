/**
 * What a real hf_xet 1.6 upload sent (src/xet/fixtures/, made by src/xet/hf-xet-reference.py): a
 * xorb, and a shard of two files made of it, TEXT (`table.csv` in the tests) and a small note.
 */
import { readFileSync } from "node:fs";

const fixture = (name: string) =>
	new Uint8Array(readFileSync(new URL(`../../src/xet/fixtures/${name}`, import.meta.url)));

export const XORB = fixture("hf-xet-1.6.xorb");
export const SHARD = fixture("hf-xet-1.6.shard");
export const XORB_HASH = "bbc3e1aa5c70dac56f0f0012055c30c01551d363bc2625590b1365bf8d86c2f7";
export const TEXT = Array.from({ length: 6000 }, (_, i) => `row ${i}, value ${i % 50}, label item-${i % 13}\n`).join(
	"",
);
export const TEXT_SHA256 = "63ee561fb28ba0951f04e321bc43449d59fdd0d10021945c80bd8fc1b4d1f1d8";
export const NOTES_SHA256 = "5f8be9df63e986b885b50e882d78e3e9fbbbf7af932c572a41fa88835d546965";
