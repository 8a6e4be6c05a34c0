"""Downloads one file with huggingface_hub's hf_hub_download straight from HF_ENDPOINT (the
huggingface.co stand-in of test/support/hf-upstream-fixture.ts). Env: HF_ENDPOINT, HF_HOME (fresh),
HF_TOKEN, HUBKIT_REPO, HUBKIT_FILE. Prints one JSON object: the file's sha256, or the error's type."""

import hashlib
import json
import os
import pathlib

from huggingface_hub import hf_hub_download

try:
    path = pathlib.Path(hf_hub_download(os.environ["HUBKIT_REPO"], os.environ["HUBKIT_FILE"]))
    print(json.dumps({"sha256": hashlib.sha256(path.read_bytes()).hexdigest()}))
except Exception as error:  # noqa: BLE001 - the test reads which failure it was
    print(json.dumps({"error": type(error).__name__, "message": str(error)[:300]}))
