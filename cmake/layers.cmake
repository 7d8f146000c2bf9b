# The layers of the program, each one static library of the .c files in its
# folder under src/. gin_layer(NAME USES LAYER... [SYSTEM LIB...]) says what a
# layer may call and include: the layers below it it names, nothing else. The
# list is also written to ${CMAKE_BINARY_DIR}/layers.txt, one line a layer
# ("NAME USES..."), for the check that reads the built libraries
# (scripts/check_layers.sh, the `layers` test): a symbol a layer imports
# must come from itself, a layer it names, or the system; the core's system
# imports are an allow-list (no stdio, no allocation, no curses).
set_property(GLOBAL PROPERTY GIN_LAYER_LINES "")

function(gin_layer name)
  cmake_parse_arguments(L "" "" "USES;SYSTEM;EXTRA" ${ARGN})
  file(GLOB src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${name}/*.c)
  list(FILTER src EXCLUDE REGEX "/main\\.c$")
  add_library(gin_${name} STATIC ${src} ${L_EXTRA})
  if(name STREQUAL "core")
    # The core's contracts are include/gin; its folder's headers stay private.
    target_include_directories(gin_core PUBLIC ${PROJECT_SOURCE_DIR}/include PRIVATE ${PROJECT_SOURCE_DIR}/src/core)
  else()
    target_include_directories(gin_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src/${name})
  endif()
  target_link_libraries(gin_${name} PUBLIC gin_warnings)
  foreach(dep IN LISTS L_USES)
    target_link_libraries(gin_${name} PUBLIC gin_${dep})
  endforeach()
  if(L_SYSTEM)
    target_link_libraries(gin_${name} PUBLIC ${L_SYSTEM})
  endif()
  get_property(lines GLOBAL PROPERTY GIN_LAYER_LINES)
  string(REPLACE ";" " " uses "${L_USES}")
  set_property(GLOBAL PROPERTY GIN_LAYER_LINES "${lines}${name} ${uses}\n")
endfunction()

function(gin_layers_write)
  get_property(lines GLOBAL PROPERTY GIN_LAYER_LINES)
  file(WRITE ${CMAKE_BINARY_DIR}/layers.txt "${lines}")
endfunction()
