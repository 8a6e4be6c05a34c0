"""Uploads through Xet with huggingface_hub 1.33 and hf_xet, as a default install does (no
HF_HUB_DISABLE_XET), then reads the files back over plain HTTP. Run by test/xet-upload.test.ts
with HF_ENDPOINT, HF_TOKEN, HUBKIT_USER and HF_HOME set. One line per step: `ok <step>` or
`FAIL <step>: <error>`."""

import hashlib
import os
import random
import sys
import tempfile
import traceback

from huggingface_hub import HfApi, hf_hub_download

api = HfApi()
repo_id = f"{os.environ['HUBKIT_USER']}/xet-upload"
folder = tempfile.mkdtemp()
# Seeded, so a failure can be reproduced; random bytes do not compress, like weights.
rng = random.Random(30)
big = rng.randbytes(12 * 1024 * 1024)
small = rng.randbytes(5000)
big_path = os.path.join(folder, "weights.bin")
with open(big_path, "wb") as file:
    file.write(big)


def step(name, run):
    try:
        run()
        print(f"ok {name}", flush=True)
    except Exception as error:  # noqa: BLE001 - each step reports its own failure
        detail = "".join(traceback.format_exception_only(type(error), error)).strip().replace("\n", " | ")
        print(f"FAIL {name}: {detail}", flush=True)


def upload():
    api.create_repo(repo_id, exist_ok=True)
    api.upload_file(path_or_fileobj=big_path, path_in_repo="weights.bin", repo_id=repo_id)
    api.upload_file(path_or_fileobj=small, path_in_repo="small.safetensors", repo_id=repo_id)


def download():
    for name, content in [("weights.bin", big), ("small.safetensors", small)]:
        path = hf_hub_download(repo_id, name)
        with open(path, "rb") as file:
            assert file.read() == content, f"{name} came back with other bytes"


def metadata():
    info = api.model_info(repo_id, files_metadata=True)
    lfs = {sibling.rfilename: sibling.lfs for sibling in info.siblings if sibling.lfs}
    for name, content in [("weights.bin", big), ("small.safetensors", small)]:
        assert lfs[name].sha256 == hashlib.sha256(content).hexdigest(), f"{name}: {lfs[name]}"
        assert lfs[name].size == len(content), f"{name}: {lfs[name]}"


steps = {
    "upload_file through Xet: a 12 MB file and a small one": upload,
    "hf_hub_download returns the same bytes": download,
    "model_info(files_metadata=True) shows their sha256": metadata,
}
for name, run in steps.items():
    if len(sys.argv) < 2 or name in sys.argv[1:]:
        step(name, run)
