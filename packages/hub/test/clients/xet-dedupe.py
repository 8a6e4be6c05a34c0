"""Uploads one file through Xet with huggingface_hub 1.33 and hf_xet, as a default install does.
Run twice by test/xet-dedupe.test.ts (each time with a fresh HF_HOME, so hf_xet has no shard cache
of the first upload) with HF_ENDPOINT, HF_TOKEN and HF_HOME set; arguments: repo id, local file,
path in the repository. Prints `ok upload` or `FAIL upload: <error>`."""

import sys
import traceback

from huggingface_hub import HfApi

repo_id, local_path, path_in_repo = sys.argv[1:4]
try:
    api = HfApi()
    api.create_repo(repo_id, exist_ok=True)
    api.upload_file(path_or_fileobj=local_path, path_in_repo=path_in_repo, repo_id=repo_id)
    print("ok upload", flush=True)
except Exception as error:  # noqa: BLE001 - the test reads the line
    detail = "".join(traceback.format_exception_only(type(error), error)).strip().replace("\n", " | ")
    print(f"FAIL upload: {detail}", flush=True)
