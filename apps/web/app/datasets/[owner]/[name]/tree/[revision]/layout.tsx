/** Only the main branch is browsable, as for models. */
export { default } from "../../../../../[owner]/[model]/tree/[revision]/layout";
