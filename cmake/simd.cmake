# The meld solver's SIMD kernels (src/core/meld_x86.c: AVX2, AVX-512).
#
# They need no global compile flags: each kernel carries a target attribute
# and the library picks one per call from the CPU's features, so a single
# build runs on any x86-64 (docs/DESIGN.md, "Kernels per instruction set").
# This file only decides whether they are built at all:
#   GIN_SIMD=OFF  portable C only (to time or test that path alone);
#   a compiler that cannot compile the target attributes and intrinsics
#   used gets the portable path too, with a note.
include(CheckCSourceCompiles)
option(GIN_SIMD "Build the AVX2 and AVX-512 meld kernels (picked at run time)" ON)

function(gin_simd_flags target)
  set(enabled OFF)
  if(GIN_SIMD AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    check_c_source_compiles([=[
      #include <immintrin.h>
      __attribute__((target("avx512f,avx512bw,avx2,popcnt,bmi")))
      static int k(unsigned long long m) {
        __m512i v = _mm512_mask_add_epi8(_mm512_setzero_si512(), m, _mm512_set1_epi8(1), _mm512_set1_epi8(2));
        return _mm_cvtsi128_si32(_mm512_castsi512_si128(v)) + __builtin_popcountll(m);
      }
      int main(void) { return __builtin_cpu_supports("avx512bw") ? k(3) : 0; }
    ]=] GIN_HAVE_X86_TARGETS)
    if(GIN_HAVE_X86_TARGETS)
      set(enabled ON)
    else()
      message(STATUS "gin: the compiler cannot build the x86 SIMD kernels; portable meld kernels only")
    endif()
  endif()
  if(NOT enabled)
    target_compile_definitions(${target} PRIVATE GIN_NO_SIMD)
  endif()
endfunction()
