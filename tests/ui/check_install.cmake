# `cmake --install` into a fresh prefix puts the app where a Linux desktop finds it (issue 36):
# the binaries, the desktop entry, the icon and the AppStream metadata.
# cmake -DBUILD_DIR=... -DPREFIX=... -DDATADIR=share -P check_install.cmake
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
foreach(f bin/planscope bin/planscope-cli bin/planscope-layout
          ${DATADIR}/applications/planscope.desktop
          ${DATADIR}/icons/hicolor/scalable/apps/planscope.svg
          ${DATADIR}/metainfo/planscope.metainfo.xml)
  if(NOT EXISTS "${PREFIX}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
file(STRINGS "${PREFIX}/${DATADIR}/applications/planscope.desktop" entry)
foreach(line "Exec=planscope %f" "Icon=planscope" "Type=Application")
  list(FIND entry "${line}" at)
  if(at LESS 0)
    message(FATAL_ERROR "planscope.desktop lacks '${line}'")
  endif()
endforeach()
file(REMOVE_RECURSE "${PREFIX}")
