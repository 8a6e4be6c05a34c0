/** Where requests go when the caller says nothing else. Facts of the public hub. */
export const HF_HUB_URL = "https://huggingface.co";
export const HF_ROUTER_URL = "https://router.huggingface.co";
export const HEADER_BILL_TO = "X-HF-Bill-To";

/** How long a model's provider mapping is trusted before it is fetched again. */
export const MAPPING_TTL_MS = 5 * 60 * 1000;

/** 503 retries: first wait, growth factor and the longest single wait. */
export const RETRY_BASE_DELAY_MS = 250;
export const RETRY_MAX_DELAY_MS = 4000;
