/**
 * The administrator the e2e hub starts with, made the way an operator makes the
 * first one (`hubkit user create … --password-stdin --admin`, hub README).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export const E2E_ADMIN = { name: "e2e-admin", email: "e2e-admin@example.com", password: "e2e admin password" };

export function createAdmin(root: string, dataDir: string): void {
	const made = spawnSync(
		process.execPath,
		[
			join(root, "packages/hub/dist/cli.js"),
			"user",
			"create",
			E2E_ADMIN.name,
			"--email",
			E2E_ADMIN.email,
			"--password-stdin",
			"--admin",
			"--data",
			dataDir,
		],
		{ input: `${E2E_ADMIN.password}\n`, encoding: "utf8", env: { ...process.env, DATABASE_URL: "" } },
	);
	if (made.status !== 0) throw new Error(`hubkit user create failed: ${made.stderr}`);
}
