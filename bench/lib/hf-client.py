"""One huggingface_hub call for bench/xet.mjs, timed inside Python so interpreter start-up is not
counted. HF_ENDPOINT, HF_TOKEN and HF_HOME come from the environment; HF_HUB_DISABLE_XET=1 there
chooses plain LFS / HTTP. Prints one JSON line: {"seconds": …} (and "path" for a download).

    python hf-client.py create REPO
    python hf-client.py upload REPO LOCAL_PATH PATH_IN_REPO
    python hf-client.py download REPO PATH_IN_REPO
    python hf-client.py versions
"""

import json
import sys
import time
from importlib.metadata import version

from huggingface_hub import HfApi, hf_hub_download

if sys.argv[1:] == ["versions"]:
    print(json.dumps({name: version(name) for name in ["huggingface_hub", "hf_xet"]}), flush=True)
    raise SystemExit(0)
command, repo_id, *rest = sys.argv[1:]
api = HfApi()
started = time.perf_counter()
answer = {}
if command == "create":
    api.create_repo(repo_id, exist_ok=True)
elif command == "upload":
    local_path, path_in_repo = rest
    api.upload_file(path_or_fileobj=local_path, path_in_repo=path_in_repo, repo_id=repo_id)
elif command == "download":
    (path_in_repo,) = rest
    answer["path"] = hf_hub_download(repo_id, path_in_repo)
else:
    raise SystemExit(f"unknown command {command}")
answer["seconds"] = time.perf_counter() - started
print(json.dumps(answer), flush=True)
