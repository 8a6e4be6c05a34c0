/**
 * The namespace of the sample catalogue's own models: the demo records of
 * data/demo.json, and the models whose files are written or converted here
 * (local-models.ts, clinical-ner.ts, static-embeddings.ts) or whose weights ship
 * in packages (packaged-models.ts, packaged-media-models.ts).
 */
export const DEMO_AUTHOR = "hubkit-demo";
