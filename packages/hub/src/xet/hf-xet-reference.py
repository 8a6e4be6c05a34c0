"""Make the expected values that the tests beside this file compare with hf_xet 1.6.

Run with a Python that has hf_xet 1.6.0 (the wheel in shared/wheels):
    python hf-xet-reference.py OUT_FOLDER
It prints the Xet file hashes of the generated files hash.test.ts checks (`hash_files`, a local
hash), then uploads two small files with `upload_bytes` to a stub CAS server on 127.0.0.1 inside
this script and writes the xorb and shard bodies hf_xet sent into OUT_FOLDER (the fixtures/ of
shard.test.ts); then, in a second process told to compress with byte grouping
(HF_XET_XORB_COMPRESSION_POLICY=bg4-lz4), uploads a file of float32 values and keeps its xorb.
Nothing leaves the machine. `generated_file` must stay byte for byte the same
as `generatedFile` in hash.test.ts.
"""

import json
import os
import struct
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import hf_xet


def generated_file(size: int, seed: int) -> bytes:
    # xorshift32, low byte of each step
    state = seed
    out = bytearray(size)
    for i in range(size):
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        out[i] = state & 0xFF
    return bytes(out)


def print_file_hashes() -> None:
    cases = [(0, 1), (5_000, 7), (200_000, 11), (3_000_000, 42)]
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for size, seed in cases:
            path = os.path.join(folder, f"{size}-{seed}.bin")
            with open(path, "wb") as file:
                file.write(generated_file(size, seed))
            paths.append(path)
        for (size, seed), info in zip(cases, hf_xet.hash_files(paths)):
            print("hash_files", size, seed, info.hash)


def capture_upload(out_folder: str, byte_grouping: bool) -> None:
    xorb_name = "hf-xet-1.6-bg4.xorb" if byte_grouping else "hf-xet-1.6.xorb"

    class Stub(BaseHTTPRequestHandler):
        def answer(self, status: int, body: object) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # global dedupe queries: nothing is known
            self.answer(404, {"error": "unknown chunk"})

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length") or 0))
            if self.path.startswith("/v1/xorbs/default/"):
                with open(os.path.join(out_folder, xorb_name), "wb") as file:
                    file.write(body)
                print("xorb", self.path.rsplit("/", 1)[1], len(body))
                self.answer(200, {"was_inserted": True})
            elif self.path == "/v1/shards" and not byte_grouping:
                with open(os.path.join(out_folder, "hf-xet-1.6.shard"), "wb") as file:
                    file.write(body)
                self.answer(200, {"result": 0})
            elif self.path == "/v1/shards":
                self.answer(200, {"result": 0})
            else:  # /v2/shards first: a 404 makes the client fall back to /v1
                self.answer(404, {"error": "not here"})

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Stub)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    if byte_grouping:
        contents = [struct.pack("<20000f", *[float(i // 16) for i in range(20000)])]
    else:
        text = "".join(f"row {i}, value {i % 50}, label item-{i % 13}\n" for i in range(6000)).encode()
        notes = "".join(f"note {i}\n" for i in range(500)).encode()
        contents = [text, notes]
    expiry = int(time.time()) + 3600
    endpoint = f"http://127.0.0.1:{server.server_address[1]}"
    uploaded = hf_xet.upload_bytes(contents, endpoint, ("token", expiry), lambda: ("token", expiry), None, "model")
    for info in uploaded:
        print("upload_bytes", info.hash, info.sha256, info.file_size)
    server.shutdown()


if sys.argv[2:] == ["bg4"]:
    capture_upload(sys.argv[1], byte_grouping=True)
else:
    print_file_hashes()
    capture_upload(sys.argv[1], byte_grouping=False)
    bg4 = {**os.environ, "HF_XET_XORB_COMPRESSION_POLICY": "bg4-lz4"}
    subprocess.run([sys.executable, __file__, sys.argv[1], "bg4"], env=bg4, check=True)
