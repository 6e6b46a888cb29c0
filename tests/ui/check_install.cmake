# `cmake --install` into a fresh prefix puts the app where a Linux desktop finds it (issue 36):
# the binaries, the desktop entry, the icon and the AppStream metadata; CAPTURE_LIB (when the
# build has the capture library) where planscope-cli capture finds it from bin/ (issue 39).
# cmake -DBUILD_DIR=... -DPREFIX=... -DDATADIR=share [-DCAPTURE_LIB=lib/...] -P check_install.cmake
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
foreach(f bin/planscope bin/planscope-cli bin/planscope-layout
          ${DATADIR}/applications/planscope.desktop
          ${DATADIR}/icons/hicolor/scalable/apps/planscope.svg
          ${DATADIR}/metainfo/planscope.metainfo.xml ${CAPTURE_LIB})
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
