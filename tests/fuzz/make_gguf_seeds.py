#!/usr/bin/env python3
"""Writes small GGUF files into DIR as seeds for fuzz_gguf: a 1-layer llama with tensors (the
graph builder's weight checks), the same vocab-only (placeholder weights), a gpt2 header (an
architecture the builder refuses) and one key of every value type (the reader's type switch).
The real models in ../shared are 0.7-1.8 MB: mutating kilobytes reaches the same code faster."""
import struct
import sys
from pathlib import Path

U8, I8, U16, I16, U32, I32, F32, BOOL, STRING, ARRAY, U64, I64, F64 = range(13)
SCALAR = {U8: "<B", I8: "<b", U16: "<H", I16: "<h", U32: "<I", I32: "<i", F32: "<f", BOOL: "<?",
          U64: "<Q", I64: "<q", F64: "<d"}
ALIGNMENT = 32


def string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def value(t, v):
    if t == STRING:
        return string(v)
    if t == ARRAY:
        elem, items = v
        return struct.pack("<IQ", elem, len(items)) + b"".join(value(elem, i) for i in items)
    return struct.pack(SCALAR[t], v)


def gguf(kvs, tensors):
    """kvs: [(key, type, value)]; tensors: [(name, ne)] of f32, zero-filled."""
    out = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(kvs))
    for key, t, v in kvs:
        out += string(key) + struct.pack("<I", t) + value(t, v)
    offset, data = 0, b""
    for name, ne in tensors:
        out += string(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", n) for n in ne)
        out += struct.pack("<IQ", 0, offset)  # type 0: f32
        size = 4
        for n in ne:
            size *= n
        padded = (size + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
        data += bytes(padded)
        offset += padded
    if tensors:
        out += bytes(-len(out) % ALIGNMENT) + data
    return out


def llama_kvs(arch, n_vocab=4, n_embd=8, n_layer=1, n_ff=16, n_head=2, n_head_kv=1):
    return [
        ("general.architecture", STRING, arch),
        ("general.name", STRING, "fuzz seed"),
        (arch + ".context_length", U32, 32),
        (arch + ".embedding_length", U32, n_embd),
        (arch + ".block_count", U32, n_layer),
        (arch + ".feed_forward_length", U32, n_ff),
        (arch + ".attention.head_count", U32, n_head),
        (arch + ".attention.head_count_kv", U32, n_head_kv),
        (arch + ".rope.dimension_count", U32, n_embd // n_head),
        (arch + ".rope.freq_base", F32, 10000.0),
        (arch + ".rope.scaling.type", STRING, "linear"),
        (arch + ".attention.layer_norm_rms_epsilon", F32, 1e-5),
        ("tokenizer.ggml.model", STRING, "llama"),
        ("tokenizer.ggml.tokens", ARRAY, (STRING, ["<unk>", "<s>", "</s>", "a"][:n_vocab])),
        ("tokenizer.ggml.scores", ARRAY, (F32, [0.0] * n_vocab)),
        ("tokenizer.ggml.token_type", ARRAY, (I32, [1] * n_vocab)),
    ]


def llama_tensors(n_vocab=4, n_embd=8, n_layer=1, n_ff=16, n_head=2, n_head_kv=1):
    gqa = n_embd // n_head * n_head_kv
    ts = [("token_embd.weight", [n_embd, n_vocab]), ("output_norm.weight", [n_embd]),
          ("output.weight", [n_embd, n_vocab])]
    for i in range(n_layer):
        p = f"blk.{i}."
        ts += [(p + "attn_norm.weight", [n_embd]), (p + "attn_q.weight", [n_embd, n_embd]),
               (p + "attn_k.weight", [n_embd, gqa]), (p + "attn_v.weight", [n_embd, gqa]),
               (p + "attn_output.weight", [n_embd, n_embd]), (p + "ffn_norm.weight", [n_embd]),
               (p + "ffn_gate.weight", [n_embd, n_ff]), (p + "ffn_down.weight", [n_ff, n_embd]),
               (p + "ffn_up.weight", [n_embd, n_ff])]
    return ts


def every_type():
    kvs = [(f"fuzz.{t}", t, v) for t, v in [(U8, 1), (I8, -1), (U16, 2), (I16, -2), (U32, 3), (I32, -3),
                                            (F32, 0.5), (BOOL, True), (U64, 4), (I64, -4), (F64, 0.25)]]
    kvs += [("fuzz.string", STRING, "x"), ("general.alignment", U32, 64),
            ("fuzz.nested", ARRAY, (ARRAY, [(U8, [1, 2]), (STRING, ["y"])]))]
    return gguf(kvs, [("t", [2, 2])])


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    seeds = {
        "tiny_llama.gguf": gguf(llama_kvs("llama"), llama_tensors()),
        "tiny_llama_vocab.gguf": gguf(llama_kvs("llama"), []),
        "tiny_llama_2layers_vocab.gguf": gguf(llama_kvs("llama", n_layer=2), []),
        "tiny_gpt2_vocab.gguf": gguf(llama_kvs("gpt2")[:-1] + [("gpt2.attention.layer_norm_epsilon", F32, 1e-5)], []),
        "every_type.gguf": every_type(),
    }
    for name, data in seeds.items():
        (out / name).write_bytes(data)


if __name__ == "__main__":
    main()
