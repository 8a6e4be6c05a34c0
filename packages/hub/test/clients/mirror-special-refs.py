"""Reads a model's pull request and a dataset's parquet conversion through a caching mirror with
huggingface_hub, as a person does: hf_hub_download at `refs/pr/N` and at `refs/convert/parquet`,
and list_repo_refs with and without pull requests. Env: HF_ENDPOINT (the mirror), HF_HOME (fresh),
HUBKIT_MODEL, HUBKIT_DATASET, HUBKIT_PR (a number), HUBKIT_WEIGHTS, HUBKIT_PARQUET (file paths).
Prints one JSON object."""

import hashlib
import json
import os
import pathlib

from huggingface_hub import HfApi, hf_hub_download

model = os.environ["HUBKIT_MODEL"]
dataset = os.environ["HUBKIT_DATASET"]
pr_revision = f"refs/pr/{os.environ['HUBKIT_PR']}"


def sha256(path):
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()


def refs(items):
    return [{"name": ref.name, "ref": ref.ref, "target": ref.target_commit} for ref in items]


config = pathlib.Path(hf_hub_download(model, "config.json", revision=pr_revision))
weights = hf_hub_download(model, os.environ["HUBKIT_WEIGHTS"], revision=pr_revision)
parquet = hf_hub_download(
    dataset, os.environ["HUBKIT_PARQUET"], repo_type="dataset", revision="refs/convert/parquet"
)
api = HfApi()
with_prs = api.list_repo_refs(model, include_pull_requests=True)
without_prs = api.list_repo_refs(model)
dataset_refs = api.list_repo_refs(dataset, repo_type="dataset")
print(
    json.dumps(
        {
            # The cache files each download under snapshots/<commit>/.
            "prCommit": config.parent.name,
            "prConfig": config.read_text(),
            "prWeights": sha256(weights),
            "parquetCommit": pathlib.Path(parquet).parents[2].name,
            "parquet": sha256(parquet),
            "pullRequests": refs(with_prs.pull_requests),
            "withoutPullRequests": without_prs.pull_requests,
            "branches": refs(with_prs.branches),
            "converts": refs(dataset_refs.converts),
        }
    )
)
