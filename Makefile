# gin — the two commands of the README, and a few more.
#   make play       install what is missing, build, and play (build/gin)
#   make test       install what is missing, build, and run the test suite
#   make bench      speed figures (gin-bench, and the command-line readers)
#   make strength   the bot strength table (docs/strength.md)
#   make asan       build in build-asan with ASan+UBSan and run the suite
#   make clang      build in build-clang with clang
#   make lint       clang-tidy, cppcheck and clang-format (any finding fails)
#   make deb        the Debian package in build-deb, lintian, its tests
#   make autopkgtest  install that package here and run its autopkgtest
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (default 60)
#   make soak       the long hardening runs (docs/reliability.md)
#   make clean      remove the build directories
# Variables: WERROR=1 (warnings are errors), JOBS=N, ARGS="..." (for play),
# CMAKE_ARGS="..." (extra configure options), V=1 (show every command and
# all of its output; by default each step is one line, scripts/quiet.sh).

BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
WERROR ?= 0
ARGS ?=
CMAKE_ARGS ?=
V ?= 0
export V

werror := -DGIN_WERROR=$(if $(filter 1 ON on yes,$(WERROR)),ON,OFF)
# $(call configure,DIR,OPTIONS) and $(call compile,DIR,WHAT,OPTIONS): one
# line each unless V=1 (scripts/quiet.sh).
configure = @sh scripts/quiet.sh "configuring $(1)/" cmake -S . -B $(1) $(werror) $(CMAKE_ARGS) $(2)
compile = @sh scripts/quiet.sh "building $(2) in $(1)/" cmake --build $(1) -j $(JOBS) $(3)
ifneq ($(V),1)
MAKEFLAGS += --no-print-directory
endif

.PHONY: all build deps play test bench strength asan clang lint deb autopkgtest clean help fuzz soak

all: build

help:
	@sed -n 's/^#   //p' Makefile

deps:
	@sh scripts/deps.sh

# Configure every time (cheap when nothing changed) so WERROR and CMAKE_ARGS
# always take effect.
build: deps
	$(call configure,$(BUILD))
	$(call compile,$(BUILD),gin and its tests)

# Playing needs only the program: the tests are built by `make test`.
play: deps
	$(call configure,$(BUILD))
	$(call compile,$(BUILD),gin,--target gin)
	@echo "gin: opening the table: $(strip $(BUILD)/gin $(ARGS))"
	@$(BUILD)/gin $(ARGS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

bench: build
	bash scripts/bench.sh $(BUILD)

strength: build
	bash scripts/strength.sh $(BUILD)/gin

asan: deps
	$(call configure,build-asan,-DGIN_SANITIZE=ON)
	$(call compile,build-asan,gin and its tests with ASan+UBSan)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		ctest --test-dir build-asan --output-on-failure -j $(JOBS)

clang:
	@sh scripts/deps.sh clang
	$(call configure,build-clang,-DCMAKE_C_COMPILER=clang)
	$(call compile,build-clang,gin and its tests with clang)

lint: build
	@sh scripts/deps.sh lint
	sh scripts/lint.sh $(BUILD)

deb:
	@sh scripts/deps.sh deb
	@sh scripts/deb.sh build-deb

# The package's autopkgtest (debian/tests), by autopkgtest itself with the
# null runner: it installs build-deb's package on this machine (as root).
autopkgtest:
	@sh scripts/deps.sh deb autopkgtest
	autopkgtest build-deb/gin_*.deb . -- null

clean:
	rm -rf $(BUILD) build-asan build-clang build-deb build-fuzz

# Hardening (docs/reliability.md). fuzz: each libFuzzer target for
# FUZZ_SECONDS in build-fuzz. soak: a million hands of
# gin-bench soak, SOAK_GAMES games with a bot over the protocol (exec: gin
# engine) that must end exactly as in-process, the keyboard monkey with
# MONKEY_KEYS keys (default 5000) and CRASH_KILLS SIGKILLs of the save,
# statistics and settings writers (default 1000).
SOAK_GAMES ?= 4000
MONKEY_KEYS ?= 5000
CRASH_KILLS ?= 1000
SOAK_HANDS ?= 1000000

fuzz:
	bash scripts/fuzz.sh

soak: build
	nice ./$(BUILD)/gin-bench soak --hands $(SOAK_HANDS)
	@for bot in simple easy; do \
		a=$$(nice ./$(BUILD)/gin sim --p1 "exec:$(abspath $(BUILD))/gin engine --level $$bot" --p2 simple \
			--games $(SOAK_GAMES) --json | sed 's/, "hands_per_s.*//'); \
		b=$$(nice ./$(BUILD)/gin sim --p1 $$bot --p2 simple --games $(SOAK_GAMES) --json | sed 's/, "hands_per_s.*//'); \
		if [ -n "$$a" ] && [ "$$a" = "$$b" ]; then \
			echo "protocol soak: $(SOAK_GAMES) games of $$bot over exec: identical to in-process"; \
		else echo "protocol soak: $$bot over exec: differs"; echo "$$a"; echo "$$b"; exit 1; fi; \
	done
	MONKEY_KEYS=$(MONKEY_KEYS) MONKEY_SEED=$${MONKEY_SEED:-$$(date +%s)} bash tests/e2e/monkey.sh ./$(BUILD)/gin .
	CRASH_KILLS=$(CRASH_KILLS) bash tests/e2e/crash.sh ./$(BUILD)/gin .
