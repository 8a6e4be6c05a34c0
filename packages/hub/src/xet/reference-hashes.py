"""Print the Xet file hashes hf_xet computes for the generated files that hash.test.ts checks.

Run with a Python that has hf_xet 1.6 (it hashes locally, nothing is uploaded):
    python reference-hashes.py
The generator must stay byte for byte the same as `generatedFile` in hash.test.ts.
"""

import os
import tempfile

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


CASES = [(0, 1), (5_000, 7), (200_000, 11), (3_000_000, 42)]

with tempfile.TemporaryDirectory() as folder:
    paths = []
    for size, seed in CASES:
        path = os.path.join(folder, f"{size}-{seed}.bin")
        with open(path, "wb") as file:
            file.write(generated_file(size, seed))
        paths.append(path)
    for (size, seed), info in zip(CASES, hf_xet.hash_files(paths)):
        print(size, seed, info.hash, info.sha256, info.file_size)
