/** Finding the Debian programs some sample engines run (PocketSphinx, Apertium) on this machine. */
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** The program's full path in a `PATH` folder where it is executable, or undefined when none has it. */
export function onPath(program: string): string | undefined {
	for (const folder of (process.env.PATH ?? "").split(delimiter)) {
		if (!folder) continue;
		try {
			accessSync(join(folder, program), constants.X_OK);
			return join(folder, program);
		} catch {
			// Not in this folder.
		}
	}
	return undefined;
}
