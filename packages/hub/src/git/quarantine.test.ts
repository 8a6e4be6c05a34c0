import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { objectId } from "./objects.js";
import { Quarantine, type QuarantinedObject } from "./quarantine.js";

const blob = (text: string) => {
	const bytes = new TextEncoder().encode(text);
	return { oid: objectId("blob", bytes), bytes };
};

describe("Quarantine", () => {
	it("holds objects in memory up to its budget and spools the rest to a directory it removes", async () => {
		const quarantine = new Quarantine({ memoryBytes: 10 });
		const small = blob("0123456789");
		const large = blob("more than the budget");
		const third = blob("x");
		await quarantine.add(small.oid, "blob", small.bytes);
		expect(quarantine.spoolDirectory).toBeUndefined();
		await quarantine.add(large.oid, "blob", large.bytes);
		await quarantine.add(third.oid, "blob", third.bytes);
		await quarantine.add(small.oid, "blob", small.bytes);

		expect(quarantine.count).toBe(3);
		expect(quarantine.spooledBytes).toBe(large.bytes.byteLength + third.bytes.byteLength);
		const directory = (await quarantine.spoolDirectory) as string;
		expect(readdirSync(directory).sort()).toEqual([large.oid, third.oid].sort());
		expect(quarantine.info(large.oid)).toEqual({ type: "blob", size: large.bytes.byteLength });
		expect(await quarantine.readObject(large.oid)).toEqual({ type: "blob", bytes: large.bytes });
		expect(await quarantine.readObject(small.oid)).toEqual({ type: "blob", bytes: small.bytes });
		expect(await quarantine.readObject("0".repeat(40))).toBeUndefined();

		await quarantine.dispose();
		expect(existsSync(directory)).toBe(false);
		expect(quarantine.count).toBe(0);
		await expect(quarantine.add(small.oid, "blob", small.bytes)).rejects.toThrow("disposed");
	});

	it("hands a caller only the objects it selects, in the order they arrived", async () => {
		const quarantine = new Quarantine({ memoryBytes: 0 });
		const objects = ["a", "b", "c", "d"].map(blob);
		for (const object of objects) await quarantine.add(object.oid, "blob", object.bytes);
		const chosen = [objects[3], objects[0], objects[2]].map((object) => object?.oid as string);
		const reader = quarantine.reader(new Set(chosen));
		expect(reader.count).toBe(3);
		const seen: QuarantinedObject[] = [];
		for await (const object of reader.objects()) seen.push(object);
		expect(seen.map((object) => object.oid)).toEqual([objects[0], objects[2], objects[3]].map((object) => object?.oid));
		expect(await reader.readObject(objects[1]?.oid as string)).toBeUndefined();
		expect((await reader.readObject(objects[0]?.oid as string))?.bytes).toEqual(objects[0]?.bytes);
		await quarantine.dispose();
	});
});
