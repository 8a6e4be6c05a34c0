"""Everyday huggingface_hub, hf CLI, datasets, transformers and openai workflows against a hub on loopback.

Run by test/clients-python.test.ts with HF_ENDPOINT, HF_TOKEN and HUBKIT_USER set (HUBKIT_RUN: a suffix
for the repositories' names). One line per
step, `ok <step>` or `FAIL <step>: <error>`; every step runs even when an earlier one failed.
Only the clients' public APIs are used.
"""
import os
import subprocess
import sys
import tempfile
import traceback
import warnings

from huggingface_hub import CommitOperationAdd, CommitOperationDelete, HfApi, hf_hub_download, snapshot_download

ENDPOINT = os.environ["HF_ENDPOINT"]
USER = os.environ["HUBKIT_USER"]
EMBEDDINGS_MODEL = os.environ.get("HUBKIT_EMBEDDINGS_MODEL")
CHAT_MODEL = os.environ.get("HUBKIT_CHAT_MODEL")
STEPS = set(sys.argv[1:])
api = HfApi()
# Each run names its own repositories, so two clients can run against the same hub.
RUN = os.environ.get("HUBKIT_RUN", "")
REPO = f"{USER}/workflows{RUN}"
DATASET = f"{USER}/table{RUN}"
work = tempfile.mkdtemp()


def step(name):
    def run(fn):
        if STEPS and name not in STEPS:
            return fn
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fn()
            print(f"ok {name}", flush=True)
        except Exception as error:  # noqa: BLE001 - every failure is reported, the next step runs
            detail = "".join(traceback.format_exception_only(type(error), error)).strip().splitlines()[-1]
            print(f"FAIL {name}: {detail[:300]}", flush=True)
        return fn

    return run


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


@step("whoami")
def _():
    expect(api.whoami()["name"] == USER, "whoami names someone else")


@step("create_repo, again with exist_ok")
def _():
    url = api.create_repo(REPO)
    expect(url.repo_id == REPO, f"created {url.repo_id}")
    again = api.create_repo(REPO, exist_ok=True)
    expect(again.repo_id == REPO and again.endpoint == ENDPOINT, f"exist_ok gave {again!r}")


@step("upload_file: a card and a small file")
def _():
    api.upload_file(path_or_fileobj=b"---\nlicense: mit\ntags: [demo]\n---\n# Workflows\n", path_in_repo="README.md", repo_id=REPO)
    api.upload_file(path_or_fileobj=b'{"hidden_size": 8}', path_in_repo="config.json", repo_id=REPO)
    expect("config.json" in api.list_repo_files(REPO), "config.json is not listed")


@step("upload_file: a 12 MB file")
def _():
    path = os.path.join(work, "big.bin")
    with open(path, "wb") as file:
        file.write(os.urandom(12 * 1024 * 1024))
    api.upload_file(path_or_fileobj=path, path_in_repo="weights/big.bin", repo_id=REPO)
    info = api.model_info(REPO, files_metadata=True)
    big = next(s for s in info.siblings if s.rfilename == "weights/big.bin")
    expect(big.size == 12 * 1024 * 1024 and big.lfs is not None, f"big.bin is {big!r}")


@step("upload_folder")
def _():
    folder = os.path.join(work, "folder")
    os.makedirs(os.path.join(folder, "sub"))
    for name, text in [("a.txt", "a"), ("sub/b.txt", "b"), ("skip.log", "no")]:
        with open(os.path.join(folder, name), "w") as file:
            file.write(text)
    api.upload_folder(folder_path=folder, path_in_repo="docs", repo_id=REPO, ignore_patterns=["*.log"])
    files = api.list_repo_files(REPO)
    expect("docs/sub/b.txt" in files and "docs/skip.log" not in files, f"files: {files}")


@step("list_repo_tree, get_paths_info")
def _():
    tree = list(api.list_repo_tree(REPO, path_in_repo="docs", recursive=True))
    expect({entry.path for entry in tree} == {"docs/a.txt", "docs/sub", "docs/sub/b.txt"}, f"tree: {tree}")
    infos = api.get_paths_info(REPO, ["config.json", "docs"])
    expect(sorted(type(info).__name__ for info in infos) == ["RepoFile", "RepoFolder"], f"paths-info: {infos}")


@step("model_info with file metadata, list_models")
def _():
    info = api.model_info(REPO, files_metadata=True)
    expect(all(sibling.blob_id for sibling in info.siblings), "a sibling has no blob id")
    found = [model.id for model in api.list_models(author=USER, search=REPO.split("/")[1])]
    expect(REPO in found and all(REPO.split("/")[1] in model for model in found), f"list_models found {found}")


@step("hf_hub_download: cached, by branch, tag and commit")
def _():
    first = hf_hub_download(REPO, "config.json", cache_dir=os.path.join(work, "cache"))
    again = hf_hub_download(REPO, "config.json", cache_dir=os.path.join(work, "cache"))
    expect(first == again and open(first).read() == '{"hidden_size": 8}', "not cached")
    api.create_branch(REPO, branch="dev")
    api.create_tag(REPO, tag="v1", tag_message="first")
    sha = api.model_info(REPO).sha
    for revision in ["dev", "v1", sha]:
        path = hf_hub_download(REPO, "config.json", revision=revision, cache_dir=os.path.join(work, "cache"))
        expect(open(path).read() == '{"hidden_size": 8}', f"{revision}: wrong content")


@step("snapshot_download with patterns")
def _():
    folder = snapshot_download(REPO, allow_patterns=["docs/*", "*.json"], cache_dir=os.path.join(work, "snap"))
    found = sorted(
        os.path.relpath(os.path.join(root, name), folder) for root, _, names in os.walk(folder) for name in names
    )
    expect(found == ["config.json", "docs/a.txt", "docs/sub/b.txt"], f"snapshot: {found}")


@step("refs, commits")
def _():
    refs = api.list_repo_refs(REPO, include_pull_requests=True)
    expect({branch.name for branch in refs.branches} == {"main", "dev"}, f"branches: {refs.branches}")
    expect([tag.name for tag in refs.tags] == ["v1"] and refs.pull_requests == [], f"refs: {refs}")
    commits = api.list_repo_commits(REPO)
    expect(commits[-1].title == "initial commit", f"first commit: {commits[-1].title!r}")


@step("create_commit with several operations, delete_file, delete_folder")
def _():
    api.create_commit(
        REPO,
        operations=[
            CommitOperationAdd(path_in_repo="notes/one.txt", path_or_fileobj=b"one"),
            CommitOperationAdd(path_in_repo="notes/two.txt", path_or_fileobj=b"two"),
            CommitOperationDelete(path_in_repo="docs/a.txt"),
        ],
        commit_message="Several at once",
    )
    api.delete_file("notes/one.txt", REPO)
    api.delete_folder("docs", REPO)
    files = api.list_repo_files(REPO)
    expect("notes/two.txt" in files and not any(path.startswith(("docs/", "notes/one")) for path in files), f"{files}")


@step("visibility and gating")
def _():
    api.update_repo_settings(REPO, private=True, gated="manual")
    info = api.model_info(REPO)
    expect(info.private and info.gated == "manual", f"private={info.private} gated={info.gated}")
    api.update_repo_settings(REPO, private=False, gated=False)


@step("likers, duplicate_repo, super_squash_history")
def _():
    expect(list(api.list_repo_likers(REPO)) == [], "likers before any like")
    copy = api.duplicate_repo(REPO, f"{REPO}-copy", exist_ok=True)
    expect(copy.repo_id == f"{REPO}-copy", f"duplicate: {copy!r}")
    api.super_squash_history(copy.repo_id, commit_message="Squashed")
    expect([c.title for c in api.list_repo_commits(copy.repo_id)] == ["Squashed"], "not squashed")


@step("move_repo, delete_repo")
def _():
    api.move_repo(f"{REPO}-copy", f"{REPO}-moved")
    expect(api.repo_exists(f"{REPO}-moved"), "moved repository missing")
    api.delete_repo(f"{REPO}-moved")
    expect(not api.repo_exists(f"{REPO}-moved"), "deleted repository still there")


@step("hf CLI: auth whoami, upload, download")
def _():
    hf = os.path.join(os.path.dirname(sys.executable), "hf")
    whoami = subprocess.run([hf, "auth", "whoami"], capture_output=True, text=True, check=True)
    expect(USER in whoami.stdout, f"hf auth whoami: {whoami.stdout!r}")
    source = os.path.join(work, "cli.txt")
    with open(source, "w") as file:
        file.write("from the CLI")
    subprocess.run([hf, "upload", f"{REPO}-cli", source, "cli.txt"], capture_output=True, text=True, check=True)
    target = os.path.join(work, "cli-download")
    subprocess.run([hf, "download", f"{REPO}-cli", "cli.txt", "--local-dir", target], capture_output=True, check=True)
    expect(open(os.path.join(target, "cli.txt")).read() == "from the CLI", "downloaded text differs")


@step("datasets: load_dataset of an uploaded CSV")
def _():
    from datasets import load_dataset

    api.create_repo(DATASET, repo_type="dataset", exist_ok=True)
    api.upload_file(path_or_fileobj=b"text,label\nhello,1\nbye,0\n", path_in_repo="data/train.csv", repo_id=DATASET, repo_type="dataset")
    rows = load_dataset(DATASET, split="train", cache_dir=os.path.join(work, "datasets"))
    expect(rows.num_rows == 2 and rows[0]["text"] == "hello", f"rows: {rows}")


def split_sizes(dataset_dict):
    return {name: split.num_rows for name, split in dataset_dict.items()}


@step("datasets: load_dataset of the seeded CSV sample (train/test, class labels)")
def _():
    from datasets import load_dataset

    rows = load_dataset("hubkit-demo/sample-reviews", cache_dir=os.path.join(work, "datasets"))
    expect(split_sizes(rows) == {"train": 240, "test": 60}, f"splits: {rows}")
    expect(rows["train"].column_names == ["text", "label"], f"columns: {rows['train'].column_names}")
    # The card's dataset_info names the labels.
    expect(rows["test"].features["label"].names == ["negative", "positive"], f"features: {rows['test'].features}")
    expect(sorted(set(rows["train"]["label"])) == [0, 1], "labels")


@step("datasets: load_dataset of the seeded JSON Lines sample (a split)")
def _():
    from datasets import load_dataset

    rows = load_dataset("hubkit-demo/sample-questions", split="validation", cache_dir=os.path.join(work, "datasets"))
    expect(rows.num_rows == 30 and rows.column_names == ["question", "answer", "kind"], f"rows: {rows}")
    expect(rows[0]["kind"] == "arithmetic" and rows[0]["question"].startswith("What is "), f"first: {rows[0]}")


@step("datasets: load_dataset of the seeded Parquet sample (default and named config)")
def _():
    from datasets import get_dataset_config_names, load_dataset

    cache = os.path.join(work, "datasets")
    expect(get_dataset_config_names("hubkit-demo/sample-weather") == ["daily", "monthly"], "configs")
    daily = load_dataset("hubkit-demo/sample-weather", cache_dir=cache)
    expect(split_sizes(daily) == {"train": 360}, f"daily: {daily}")
    monthly = load_dataset("hubkit-demo/sample-weather", "monthly", split="train", cache_dir=cache)
    columns = ["town", "month", "mean_temp", "total_rain_mm", "rainy_days"]
    expect(monthly.num_rows == 12 and monthly.column_names == columns, f"monthly: {monthly}")
    expect(sum(monthly["rainy_days"]) == sum(1 for rain in daily["train"]["rain_mm"] if rain > 0), "monthly sums")


@step("datasets: load_dataset of an uploaded Parquet repository")
def _():
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq
    from datasets import load_dataset

    repo = f"{USER}/parquet{RUN}"
    api.create_repo(repo, repo_type="dataset", exist_ok=True)
    for split, count in [("train", 30), ("test", 10)]:
        table = pa.table({"n": list(range(count)), "square": [n * n for n in range(count)]})
        buffer = io.BytesIO()
        pq.write_table(table, buffer)
        path = f"data/{split}-00000-of-00001.parquet"
        api.upload_file(path_or_fileobj=buffer.getvalue(), path_in_repo=path, repo_id=repo, repo_type="dataset")
    rows = load_dataset(repo, cache_dir=os.path.join(work, "datasets"))
    expect(split_sizes(rows) == {"train": 30, "test": 10}, f"splits: {rows}")
    expect(rows["train"][7] == {"n": 7, "square": 49}, f"row: {rows['train'][7]}")


@step("datasets: Dataset.push_to_hub, load_dataset of it")
def _():
    from datasets import Dataset, load_dataset

    repo = f"{USER}/pushed{RUN}"
    Dataset.from_dict({"n": list(range(20)), "word": [f"w{n}" for n in range(20)]}).push_to_hub(repo)
    rows = load_dataset(repo, split="train", cache_dir=os.path.join(work, "datasets"))
    expect(rows.num_rows == 20 and rows[3] == {"n": 3, "word": "w3"}, f"rows: {rows}")
    # The Parquet file is an LFS file: uploaded through Xet by a default install.
    files = api.list_repo_files(repo, repo_type="dataset")
    expect(any(path.endswith(".parquet") for path in files), f"files: {files}")


@step("openai: models.list, embeddings")
def _():
    from openai import OpenAI

    client = OpenAI(base_url=f"{ENDPOINT}/v1", api_key=os.environ["HF_TOKEN"])
    ids = [model.id for model in client.models.list().data]
    expect(EMBEDDINGS_MODEL in ids, f"models: {ids}")
    answer = client.embeddings.create(model=EMBEDDINGS_MODEL, input=["a football match", "a recipe"])
    expect(len(answer.data) == 2 and len(answer.data[0].embedding) == 100, "embedding size")


@step("transformers: AutoConfig, AutoTokenizer from_pretrained, push_to_hub")
def _():
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import AutoConfig, AutoTokenizer, BertConfig, PreTrainedTokenizerFast

    words = ["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]", "hello", "hub", "world"]
    tokenizer = Tokenizer(models.WordLevel({word: index for index, word in enumerate(words)}, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    special = {"unk_token": "[UNK]", "pad_token": "[PAD]", "cls_token": "[CLS]", "sep_token": "[SEP]", "mask_token": "[MASK]"}
    folder = os.path.join(work, "tiny-bert")
    PreTrainedTokenizerFast(tokenizer_object=tokenizer, **special).save_pretrained(folder)
    BertConfig(vocab_size=len(words), hidden_size=8, num_hidden_layers=1, num_attention_heads=1, intermediate_size=16).save_pretrained(folder)
    source = f"{REPO}-tiny-bert"
    api.create_repo(source, exist_ok=True)
    api.upload_folder(folder_path=folder, repo_id=source)
    cache = os.path.join(work, "transformers")
    config = AutoConfig.from_pretrained(source, cache_dir=cache)
    loaded = AutoTokenizer.from_pretrained(source, cache_dir=cache)
    expect(config.model_type == "bert" and config.hidden_size == 8, f"config: {config}")
    expect(loaded("hello hub nope")["input_ids"] == [5, 6, 0], f"ids: {loaded('hello hub nope')}")
    pushed = f"{REPO}-tiny-bert-pushed"
    config.push_to_hub(pushed)
    loaded.push_to_hub(pushed)
    expect(AutoConfig.from_pretrained(pushed, cache_dir=cache).vocab_size == len(words), "pushed config differs")
    again = AutoTokenizer.from_pretrained(pushed, cache_dir=cache)
    expect(again("world hello")["input_ids"] == [7, 5], "pushed tokenizer differs")


@step("InferenceClient: feature extraction, sentence similarity, text classification, zero-shot")
def _():
    from huggingface_hub import InferenceClient

    # huggingface_hub sends every call to router.huggingface.co unless the model is a URL: the hub's URL of the model.
    def client(model, task=None):
        return InferenceClient(base_url=f"{ENDPOINT}/hf-inference/models/{model}" + (f"/pipeline/{task}" if task else ""))

    vector = client(EMBEDDINGS_MODEL, "feature-extraction").feature_extraction("a football match")
    expect(vector.shape[-1] == 100, f"feature extraction shape {vector.shape}")
    scores = client(EMBEDDINGS_MODEL).sentence_similarity("a football match", other_sentences=["a soccer game", "a recipe"])
    expect(len(scores) == 2 and scores[0] > scores[1], f"similarity: {scores}")
    labels = client(os.environ["HUBKIT_SENTIMENT_MODEL"]).text_classification("I love this wonderful film!")
    expect(labels[0].label == "POSITIVE", f"text classification: {labels}")
    zero_shot = client(os.environ["HUBKIT_ZERO_SHOT_MODEL"]).zero_shot_classification(
        "the team scored a late goal", candidate_labels=["sport", "cooking"]
    )
    expect(zero_shot[0].label == "sport", f"zero-shot: {zero_shot}")


@step("InferenceClient: chat_completion, stream")
def _():
    from huggingface_hub import InferenceClient

    client = InferenceClient(base_url=f"{ENDPOINT}/hf-inference/models/{CHAT_MODEL}")
    answer = client.chat_completion([{"role": "user", "content": "Name a colour."}], max_tokens=6, seed=1)
    expect(answer.choices[0].finish_reason == "length" and answer.choices[0].message.content, f"chat: {answer}")
    pieces = [chunk.choices[0].delta.content or "" for chunk in client.chat_completion([{"role": "user", "content": "Hi"}], max_tokens=6, stream=True)]
    expect(len("".join(pieces)) > 0, f"stream: {pieces}")


@step("openai: chat.completions.create, stream")
def _():
    from openai import OpenAI

    client = OpenAI(base_url=f"{ENDPOINT}/v1", api_key=os.environ["HF_TOKEN"])
    messages = [{"role": "user", "content": "Name a colour."}]
    answer = client.chat.completions.create(model=CHAT_MODEL, messages=messages, max_tokens=6, seed=1)
    expect(answer.model == CHAT_MODEL and answer.choices[0].finish_reason == "length", f"chat: {answer}")
    expect(answer.usage.completion_tokens == 6, f"usage: {answer.usage}")
    stream = client.chat.completions.create(model=CHAT_MODEL, messages=messages, max_tokens=6, seed=1, stream=True)
    text = "".join(chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices)
    expect(text == answer.choices[0].message.content, f"streamed {text!r}, plain {answer.choices[0].message.content!r}")


@step("safetensors metadata: model_info expand, get_safetensors_metadata")
def _():
    import json
    import struct

    repo = f"{USER}/weights{RUN}"
    api.create_repo(repo)
    tensors = {
        "embed.weight": {"dtype": "F32", "shape": [4, 3], "data_offsets": [0, 48]},
        "scale": {"dtype": "F16", "shape": [2], "data_offsets": [48, 52]},
    }
    header = json.dumps(tensors).encode()
    api.upload_file(path_or_fileobj=struct.pack("<Q", len(header)) + header + bytes(52), path_in_repo="model.safetensors", repo_id=repo)
    info = api.model_info(repo, expand=["safetensors"])
    expect(info.safetensors.total == 14 and info.safetensors.parameters == {"F32": 12, "F16": 2}, f"model_info: {info.safetensors}")
    metadata = api.get_safetensors_metadata(repo)
    expect(metadata.parameter_count == {"F32": 12, "F16": 2}, f"get_safetensors_metadata: {metadata.parameter_count}")
    api.delete_repo(repo)


@step("list_models, list_datasets: filter, sort, limit")
def _():
    by_downloads = list(api.list_models(filter="text-classification", sort="downloads", limit=3))
    counts = [model.downloads for model in by_downloads]
    expect(0 < len(counts) <= 3 and counts == sorted(counts, reverse=True), f"sorted by downloads: {counts}")
    similar = [model.id for model in api.list_models(pipeline_tag="sentence-similarity")]
    expect(EMBEDDINGS_MODEL in similar, f"sentence-similarity models: {similar}")
    samples = {dataset.id for dataset in api.list_datasets(author="hubkit-demo", sort="likes")}
    expected = {"hubkit-demo/sample-reviews", "hubkit-demo/sample-questions", "hubkit-demo/sample-weather"}
    expect(expected <= samples, f"hubkit-demo datasets: {sorted(samples)}")
