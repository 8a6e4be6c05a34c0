#!/usr/bin/env node
/**
 * What the full test run needs from the machine beyond npm: Debian's Chromium for the browser
 * tests, PostgreSQL's server binaries for the database matrix, Docker Compose's parser for the
 * deploy recipe, python3-venv for the Python clients, git-lfs for its client test, and the
 * PocketSphinx and Apertium packages behind two sample models. Nothing is downloaded from anywhere but Debian's archive.
 *
 * As root (or with password-less sudo) the missing packages are installed with apt-get; otherwise
 * it stops at once with one line naming the command that installs them, rather than letting
 * dozens of tests fail one by one. `--check` only reports; exit 1 when something is missing.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

/** Each need: the Debian packages that bring it and how to tell it is here. */
const NEEDS = [
	{ packages: ["chromium"], present: () => existsSync("/usr/bin/chromium") },
	{ packages: ["postgresql"], present: () => postgresBinaries() },
	{
		packages: ["docker-compose"],
		present: () => succeeds("docker", ["compose", "version"]) || onPath("docker-compose"),
	},
	{ packages: ["python3-venv"], present: () => succeeds("python3", ["-c", "import ensurepip, venv"]) },
	{ packages: ["git-lfs"], present: () => succeeds("git", ["lfs", "version"]) },
	{
		packages: ["pocketsphinx", "pocketsphinx-en-us", "pocketsphinx-testdata"],
		present: () =>
			onPath("pocketsphinx_continuous") &&
			existsSync("/usr/share/pocketsphinx/model/en-us") &&
			existsSync("/usr/share/pocketsphinx/test/data/goforward.raw"),
	},
	{
		packages: ["apertium-eng-spa"],
		// Its recommendations are the whole Apertium tool chain for building language pairs.
		withoutRecommends: true,
		present: () => onPath("apertium") && existsSync("/usr/share/apertium/modes/eng-spa.mode"),
	},
];

function succeeds(command, args) {
	return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}

function onPath(command) {
	return succeeds("sh", ["-c", `command -v ${command}`]);
}

function postgresBinaries() {
	const root = "/usr/lib/postgresql";
	return existsSync(root) && readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/initdb`));
}

/** apt-get as root, or through sudo when it asks no password; undefined when neither is possible. */
function privilegePrefix() {
	if (process.getuid?.() === 0) return [];
	return succeeds("sudo", ["-n", "true"]) ? ["sudo", "-n"] : undefined;
}

/**
 * The postgresql package would also create and start a system cluster on port 5432 that the tests
 * never use (they start their own server): a policy-rc.d that refuses keeps apt from starting it,
 * and is removed again if it was ours.
 */
const INSTALL_SCRIPT = `
ours=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
	printf '#!/bin/sh\\nexit 101\\n' >/usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d && ours=1
fi
status=0
plain="" lean=""
for package in "$@"; do
	case "$package" in -*) lean="$lean \${package#-}" ;; *) plain="$plain $package" ;; esac
done
apt-get update || status=$?
export DEBIAN_FRONTEND=noninteractive
[ $status -ne 0 ] || [ -z "$plain" ] || apt-get install -y $plain || status=$?
[ $status -ne 0 ] || [ -z "$lean" ] || apt-get install -y --no-install-recommends $lean || status=$?
[ -z "$ours" ] || rm -f /usr/sbin/policy-rc.d
exit $status
`;

const missingNeeds = NEEDS.filter((need) => !need.present());
const missing = missingNeeds.flatMap((need) => need.packages);
if (missing.length === 0) process.exit(0);

const installCommand = `sudo apt-get install ${missing.join(" ")}`;
if (process.argv.includes("--check")) {
	console.log(`Missing Debian packages for the tests: ${missing.join(" ")} (${installCommand})`);
	process.exit(1);
}
const prefix = privilegePrefix();
if (!prefix) {
	console.log(`The tests need Debian packages that are not installed; run: ${installCommand}`);
	process.exit(1);
}
console.log(`Installing the tests' Debian packages: ${missing.join(" ")}`);
const [command, ...args] = [
	...prefix,
	"sh",
	"-c",
	INSTALL_SCRIPT,
	"install",
	// A leading dash marks a package to install without its recommendations.
	...missingNeeds.flatMap((need) => need.packages.map((name) => (need.withoutRecommends ? `-${name}` : name))),
];
const install = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"] });
const stillMissing = NEEDS.filter((need) => !need.present()).flatMap((need) => need.packages);
if (install.status !== 0 || stillMissing.length > 0) {
	console.log(`Could not install ${stillMissing.join(" ") || missing.join(" ")}; run: ${installCommand}`);
	process.exit(1);
}
