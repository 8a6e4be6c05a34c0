"""Downloads one file of a model at several revisions through a caching mirror with
huggingface_hub's hf_hub_download, then lists the model's refs. Env: HF_ENDPOINT (the mirror),
HF_HOME (fresh), HUBKIT_REPO, HUBKIT_FILE, HUBKIT_REVISIONS (comma-separated: tags, branches,
commit ids). Prints one JSON object: per revision the commit the client's cache filed the file
under and the file's text; and the branches and tags with their commits."""

import json
import os
import pathlib

from huggingface_hub import HfApi, hf_hub_download

repo_id = os.environ["HUBKIT_REPO"]
downloads = {}
for revision in os.environ["HUBKIT_REVISIONS"].split(","):
    path = pathlib.Path(hf_hub_download(repo_id, os.environ["HUBKIT_FILE"], revision=revision))
    # The cache keeps each file under snapshots/<commit>/.
    downloads[revision] = {"commit": path.parent.name, "text": path.read_text()}
refs = HfApi().list_repo_refs(repo_id)
print(
    json.dumps(
        {
            "downloads": downloads,
            "branches": {ref.name: ref.target_commit for ref in refs.branches},
            "tags": {ref.name: ref.target_commit for ref in refs.tags},
        }
    )
)
