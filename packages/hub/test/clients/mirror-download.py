"""Reads a model through a caching mirror with huggingface_hub's public API, as a team behind one
would: model_info, snapshot_download, then hf_hub_download of one file by the commit the mirror
named. Env: HF_ENDPOINT (the mirror), HF_HOME (fresh), HUBKIT_REPO, HUBKIT_FILE. Prints one JSON
object: the commit, and each downloaded file's sha256."""

import hashlib
import json
import os
import pathlib

from huggingface_hub import HfApi, hf_hub_download, snapshot_download

repo_id = os.environ["HUBKIT_REPO"]
sha = HfApi().model_info(repo_id).sha
folder = pathlib.Path(snapshot_download(repo_id))
files = {
    str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
    for path in sorted(folder.rglob("*"))
    if path.is_file()
}
one = pathlib.Path(hf_hub_download(repo_id, os.environ["HUBKIT_FILE"], revision=sha))
print(json.dumps({"sha": sha, "files": files, "one": hashlib.sha256(one.read_bytes()).hexdigest()}))
