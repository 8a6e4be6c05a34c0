"""Downloads through Xet with huggingface_hub 1.33 and hf_xet, as a default install does (no
HF_HUB_DISABLE_XET). Run by test/xet-download.test.ts twice: `upload` (puts a 12 MB file and a small
one through Xet), then `download` in a fresh HF_HOME (hf_hub_download after a HEAD, and
snapshot_download, whose tree listing lets later downloads at a commit skip the HEAD). Env:
HF_ENDPOINT, HF_TOKEN, HUBKIT_USER, HF_HOME. One line per step: `ok <step>` or `FAIL <step>: <error>`."""

import glob
import json
import os
import random
import shutil
import sys
import tempfile
import traceback

from huggingface_hub import HfApi, hf_hub_download, snapshot_download

api = HfApi()
repo_id = f"{os.environ['HUBKIT_USER']}/xet-download"
# Seeded, so both runs (and a failure) see the same bytes; random bytes do not compress, like weights.
rng = random.Random(31)
files = {"weights.bin": rng.randbytes(12 * 1024 * 1024), "small.safetensors": rng.randbytes(5000)}


def step(name, run):
    try:
        run()
        print(f"ok {name}", flush=True)
    except Exception as error:  # noqa: BLE001 - each step reports its own failure
        detail = "".join(traceback.format_exception_only(type(error), error)).strip().replace("\n", " | ")
        print(f"FAIL {name}: {detail}", flush=True)


def upload():
    api.create_repo(repo_id, exist_ok=True)
    for name, content in files.items():
        api.upload_file(path_or_fileobj=content, path_in_repo=name, repo_id=repo_id)


def read(path):
    with open(path, "rb") as file:
        return file.read()


def download():
    for name, content in files.items():
        assert read(hf_hub_download(repo_id, name)) == content, f"{name} came back with other bytes"


def snapshot():
    cache = tempfile.mkdtemp()
    folder = snapshot_download(repo_id, cache_dir=cache)
    for name, content in files.items():
        assert read(os.path.join(folder, name)) == content, f"{name} came back with other bytes"
    [tree] = glob.glob(os.path.join(cache, "*", "trees", "*.json"))
    listed = json.load(open(tree))
    text = json.dumps(listed)
    assert text.count("xet_hash") == len(files), f"tree cache without a Xet hash per file: {text[:500]}"
    # Only the tree listing left: a download at the commit takes the Xet path straight from it.
    commit = os.path.basename(tree)[: -len(".json")]
    repo_folder = os.path.dirname(os.path.dirname(tree))
    shutil.rmtree(os.path.join(repo_folder, "snapshots"))
    shutil.rmtree(os.path.join(repo_folder, "blobs"))
    for name, content in files.items():
        path = hf_hub_download(repo_id, name, revision=commit, cache_dir=cache)
        assert read(path) == content, f"{name} came back with other bytes from the tree cache path"


steps = {
    "upload": {"upload_file through Xet: a 12 MB file and a small one": upload},
    "download": {
        "hf_hub_download reads both through Xet": download,
        "snapshot_download, then hf_hub_download from its tree cache": snapshot,
    },
}[sys.argv[1]]
for name, run in steps.items():
    step(name, run)
