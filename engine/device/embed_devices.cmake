# Turns each device preset (resources/devices/NAME.json) into an entry of a generated header: the
# preset's name and its JSON text as a C++ raw string, so the presets ship inside the binary.
# Run as `cmake -DOUT=header -DSOURCES="a.json;b.json" -P embed_devices.cmake`.
list(SORT SOURCES)
set(text "// Generated from resources/devices/*.json by embed_devices.cmake; do not edit.\n#pragma once\n")
string(APPEND text "#include <string_view>\n\nnamespace planscope::device_preset_data {\n")
string(APPEND text "struct preset {\n    std::string_view name;\n    std::string_view json;\n};\n")
string(APPEND text "inline constexpr preset presets[] = {\n")
foreach(source IN LISTS SOURCES)
  file(READ "${source}" body)
  get_filename_component(name "${source}" NAME_WE)
  string(APPEND text "    {\"${name}\", R\"planscope_device(${body})planscope_device\"},\n")
endforeach()
string(APPEND text "};\n} // namespace planscope::device_preset_data\n")
# Write-then-rename so a build never sees half a header.
file(WRITE "${OUT}.tmp" "${text}")
file(RENAME "${OUT}.tmp" "${OUT}")
