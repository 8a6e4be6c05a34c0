/** The client's version label; it is also what `User-Agent` says. */
export const PACKAGE_NAME = "@hubkit/inference";
export const PACKAGE_VERSION = "3.8.1";
