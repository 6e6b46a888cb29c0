# Turns each OpenCL C file into a header holding it as a C++ raw string, so the kernels ship
# inside the binary. Run as `cmake -DOUT=header -DSOURCES="a.cl;b.cl" -P embed_kernels.cmake`.
# common.cl holds the helpers the other files use: it goes first, the rest in name order.
list(SORT SOURCES)
set(common ${SOURCES})
list(FILTER common INCLUDE REGEX "/common\\.cl$")
list(FILTER SOURCES EXCLUDE REGEX "/common\\.cl$")
set(text "// Generated from engine/backend/opencl/kernels/*.cl by embed_kernels.cmake; do not edit.\n#pragma once\n")
string(APPEND text "namespace planscope::opencl {\ninline constexpr const char* kernel_sources[] = {\n")
foreach(source IN LISTS common SOURCES)
  file(READ "${source}" body)
  get_filename_component(name "${source}" NAME)
  string(APPEND text "// ${name}\nR\"planscope_cl(${body})planscope_cl\",\n")
endforeach()
string(APPEND text "};\n} // namespace planscope::opencl\n")
# Write-then-rename so a build never sees half a header.
file(WRITE "${OUT}.tmp" "${text}")
file(RENAME "${OUT}.tmp" "${OUT}")
