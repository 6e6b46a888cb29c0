#!/usr/bin/env python3
# Writes the small GGUF reproducers of issue 17 listed in ../gguf.cases: python3 make_cases.py
# Each is a vocab-only llama file (no tensors unless the case adds some) with one thing wrong.
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
U32, F32, STRING, ARRAY, U64 = 4, 6, 8, 9, 10


def s(text):
    b = text if isinstance(text, bytes) else text.encode()
    return struct.pack('<Q', len(b)) + b


def value(t, v):
    if t == U32:
        return struct.pack('<I', v)
    if t == U64:
        return struct.pack('<Q', v)
    if t == F32:
        return struct.pack('<f', v)
    if t == STRING:
        return s(v)
    et, items = v
    return struct.pack('<IQ', et, len(items)) + b''.join(value(et, i) for i in items)


def llama(arch=b'llama', **over):
    a = arch.decode('latin-1')
    kv = {'general.architecture': (STRING, arch),
          a + '.context_length': (U32, 64), a + '.embedding_length': (U32, 8),
          a + '.feed_forward_length': (U32, 16), a + '.attention.head_count': (U32, 2),
          a + '.block_count': (U32, 1), a + '.attention.layer_norm_rms_epsilon': (F32, 1e-5),
          'tokenizer.ggml.tokens': (ARRAY, (STRING, [b'a', b'b', b'c', b'd']))}
    kv.update({k.replace('ARCH', a): v for k, v in over.items()})
    return kv


def gguf(kv, tensors=b'', n_tensors=0, n_kv=None, raw_kv=b''):
    body = b''.join(s(k.encode('latin-1')) + struct.pack('<I', t) + value(t, v) for k, (t, v) in kv.items())
    n = len(kv) + (1 if raw_kv else 0) if n_kv is None else n_kv
    return b'GGUF' + struct.pack('<IQQ', 3, n_tensors, n) + body + raw_kv + tensors


def tensor(name, dims, type_=0, offset=0):
    return s(name) + struct.pack('<I', len(dims)) + b''.join(struct.pack('<Q', d) for d in dims) + \
        struct.pack('<IQ', type_, offset)


CASES = {
    # Findings: a 400-byte file asked for 2^31 layers (bad_alloc); sizes that overflow.
    'block_count_huge.gguf': gguf(llama(**{'ARCH.block_count': (U32, 2147483647)})),
    'placeholders_overflow.gguf': gguf(llama(**{'ARCH.embedding_length': (U32, 1 << 28),
                                                'ARCH.attention.head_count': (U32, 1),
                                                'ARCH.block_count': (U32, 32)})),
    'kv_cache_overflow.gguf': gguf(llama(**{'ARCH.embedding_length': (U32, 1 << 20),
                                            'ARCH.attention.head_count': (U32, 1),
                                            'ARCH.feed_forward_length': (U32, 4),
                                            'ARCH.block_count': (U32, 8192)})),
    # Counts and lengths over their limits, or claiming more bytes than the file has.
    'tensor_count_huge.gguf': b'GGUF' + struct.pack('<IQQ', 3, 1 << 60, 0),
    'tensor_count_past_file.gguf': gguf(llama(), n_tensors=1000),
    'kv_count_huge.gguf': b'GGUF' + struct.pack('<IQQ', 3, 0, 1 << 40),
    'kv_count_past_file.gguf': gguf(llama(), n_kv=5000),
    'key_length_huge.gguf': b'GGUF' + struct.pack('<IQQQ', 3, 0, 1, 1 << 40) + b'\0' * 8,
    'string_length_huge.gguf': gguf(llama(), raw_kv=s('general.name') + struct.pack('<IQ', STRING, 1 << 31)),
    'string_past_file.gguf': gguf(llama(), raw_kv=s('general.name') + struct.pack('<IQ', STRING, 4096) + b'x'),
    'array_length_huge.gguf': gguf(llama(), raw_kv=s('tokenizer.ggml.scores') + struct.pack('<IIQ', ARRAY, F32, 1 << 50)),
    'array_past_file.gguf': gguf(llama(), raw_kv=s('tokenizer.ggml.scores') + struct.pack('<IIQ', ARRAY, F32, 100000)),
    'array_strings_past_file.gguf': gguf(llama(), raw_kv=s('tokenizer.ggml.merges') + struct.pack('<IIQ', ARRAY, STRING, 3)
                                         + s('a b') + struct.pack('<Q', 1 << 20)),
    'arrays_too_deep.gguf': gguf(llama(), raw_kv=s('nested') + struct.pack('<I', ARRAY)
                                 + struct.pack('<IQ', ARRAY, 1) * 9 + struct.pack('<IQ', U32, 0)),
    'alignment_huge.gguf': gguf(llama(**{'general.alignment': (U64, 1 << 62)})),
    'alignment_not_power_of_two.gguf': gguf(llama(**{'general.alignment': (U32, 48)})),
    # Tensor infos.
    'tensor_dims.gguf': gguf(llama(), tensor('token_embd.weight', [8, 4, 1, 1, 1]), 1),
    'tensor_extent_zero.gguf': gguf(llama(), tensor('token_embd.weight', [8, 0]), 1),
    'tensor_elements_overflow.gguf': gguf(llama(), tensor('token_embd.weight', [1 << 32, 1 << 32]), 1),
    'tensor_data_past_end.gguf': gguf(llama(), tensor('token_embd.weight', [8, 4], 0, 1 << 63), 1),
    'tensor_offset_overflow.gguf': gguf(llama(), tensor('token_embd.weight', [8, 4], 0, (1 << 64) - 32), 1),
    'tensor_name_long.gguf': gguf(llama(), tensor('x' * 300, [8]), 1),
    # Text from the file reaches the one error line escaped (a newline, an escape sequence, binary).
    'key_escape.gguf': gguf(llama(), raw_kv=s(b'evil\n\x1b[2J\x1b]0;title\x07') + struct.pack('<I', 99)),
    'key_binary.gguf': gguf(llama(), raw_kv=s(bytes(range(256)) * 4) + struct.pack('<I', 1234)),
    'tensor_name_escape.gguf': gguf(llama(), tensor(b'w\r\n\x1b[1A\xff', [8], 99), 1),
    'arch_escape.gguf': gguf(dict(llama(), **{'general.architecture': (STRING, b'll\nama\x1b[31m')})),
    'arch_unsupported_escape.gguf': gguf(llama(arch=b'gpt\n2', **{'ARCH.attention.layer_norm_rms_epsilon': (F32, 1e-5)})),
    'rope_type_escape.gguf': gguf(llama(**{'ARCH.rope.scaling.type': (STRING, b'ya\nrn\x9b2J')})),
}

if __name__ == '__main__':
    for name, data in CASES.items():
        with open(os.path.join(HERE, name), 'wb') as f:
            f.write(data)
