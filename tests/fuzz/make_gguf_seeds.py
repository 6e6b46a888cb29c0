#!/usr/bin/env python3
"""Writes small GGUF files into DIR as seeds for fuzz_gguf: a 1-layer llama with tensors (the
graph builder's weight checks), the same vocab-only (placeholder weights), a gpt2 header (an
architecture the 2023 builder refuses) and one key of every value type (the reader's type switch),
and one vocab-only file per architecture engine/llm builds, with the test zoo's keys.
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


# The keys of the test zoo's tiny models (tests/support/zoo_*.cpp), one vocab-only seed per
# architecture: engine/llm builds each with placeholder weights.
ARCH_KEYS = {
    'deepseek2': ('deepseek2', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 2), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 1), ('attention.key_length', U32, 40), ('attention.value_length', U32, 32), ('attention.key_length_mla', U32, 24), ('attention.value_length_mla', U32, 16), ('rope.dimension_count', U32, 8), ('attention.layer_norm_rms_epsilon', F32, 1e-06), ('attention.q_lora_rank', U32, 32), ('attention.kv_lora_rank', U32, 32), ('leading_dense_block_count', U32, 1), ('expert_count', U32, 4), ('expert_used_count', U32, 2), ('expert_feed_forward_length', U32, 32), ('expert_shared_count', U32, 1), ('expert_weights_scale', F32, 2.5), ('expert_weights_norm', BOOL, True), ('expert_gating_func', U32, 2)]),
    'falcon': ('falcon', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 1), ('attention.layer_norm_epsilon', F32, 1e-05)]),
    'gemma': ('gemma', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 1), ('attention.layer_norm_rms_epsilon', F32, 1e-06)]),
    'gemma2': ('gemma2', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-06), ('attention.sliding_window', U32, 16), ('attn_logit_softcapping', F32, 50.0), ('final_logit_softcapping', F32, 30.0)]),
    'gemma3': ('gemma3', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 6), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-06), ('attention.sliding_window', U32, 16), ('rope.freq_base', F32, 1000000.0), ('rope.freq_base_swa', F32, 10000.0)]),
    'gpt-oss': ('gpt-oss', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 2), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('expert_count', U32, 4), ('expert_used_count', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-05), ('attention.sliding_window', U32, 16), ('rope.freq_base', F32, 150000.0), ('rope.scaling.type', STRING, 'yarn'), ('rope.scaling.factor', F32, 32.0), ('rope.scaling.original_context_length', U32, 64), ('expert_feed_forward_length', U32, 64)]),
    'gpt2': ('gpt2', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 4), ('attention.layer_norm_epsilon', F32, 1e-05)]),
    'llama-moe': ('llama', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 2), ('feed_forward_length', U32, 64), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('expert_count', U32, 4), ('expert_used_count', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-05), ('rope.freq_base', F32, 1000000.0), ('rope.dimension_count', U32, 16)]),
    'llama': ('llama', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-05), ('rope.freq_base', F32, 10000.0), ('rope.dimension_count', U32, 16)]),
    'mpt': ('mpt', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 4), ('attention.layer_norm_epsilon', F32, 1e-05), ('attention.max_alibi_bias', F32, 8.0)]),
    'phi3': ('phi3', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-05)]),
    'qwen2': ('qwen2', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-06), ('rope.freq_base', F32, 1000000.0)]),
    'qwen2moe': ('qwen2moe', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 2), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('expert_count', U32, 4), ('expert_used_count', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-06), ('rope.freq_base', F32, 1000000.0), ('expert_feed_forward_length', U32, 32), ('expert_shared_feed_forward_length', U32, 128)]),
    'qwen3': ('qwen3', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('attention.key_length', U32, 32), ('attention.value_length', U32, 32), ('attention.layer_norm_rms_epsilon', F32, 1e-06), ('rope.freq_base', F32, 1000000.0)]),
    'qwen3moe': ('qwen3moe', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 2), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 2), ('attention.key_length', U32, 32), ('attention.value_length', U32, 32), ('expert_count', U32, 4), ('expert_used_count', U32, 2), ('attention.layer_norm_rms_epsilon', F32, 1e-06), ('rope.freq_base', F32, 1000000.0), ('expert_feed_forward_length', U32, 32)]),
    'stablelm': ('stablelm', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 4), ('attention.layer_norm_epsilon', F32, 1e-05), ('rope.dimension_count', U32, 4)]),
    'starcoder': ('starcoder', [('context_length', U32, 256), ('embedding_length', U32, 64), ('block_count', U32, 4), ('feed_forward_length', U32, 128), ('attention.head_count', U32, 4), ('attention.head_count_kv', U32, 1), ('attention.layer_norm_epsilon', F32, 1e-05)]),
}


def arch_vocab(arch, keys, n_vocab=4):
    """A vocab-only file of one architecture: its keys, a 4-token vocabulary, no tensors."""
    kvs = [("general.architecture", STRING, arch)] + [(arch + "." + k, t, v) for k, t, v in keys]
    kvs += [("tokenizer.ggml.model", STRING, "llama"),
            ("tokenizer.ggml.tokens", ARRAY, (STRING, ["<unk>", "<s>", "</s>", "a"][:n_vocab])),
            ("tokenizer.ggml.scores", ARRAY, (F32, [0.0] * n_vocab)),
            ("tokenizer.ggml.token_type", ARRAY, (I32, [1] * n_vocab))]
    return gguf(kvs, [])


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
    for name, (arch, keys) in ARCH_KEYS.items():
        seeds[f"arch_{name}_vocab.gguf"] = arch_vocab(arch, keys)
    for name, data in seeds.items():
        (out / name).write_bytes(data)


if __name__ == "__main__":
    main()
