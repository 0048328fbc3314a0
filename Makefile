# daybook: make run (the shell), make demo (the shell on example data), make test (every test), make bench, make install.
SWIFT ?= swift
PREFIX ?= /usr/local
APT_PACKAGES := libsodium-dev libkeyutils-dev nettle-dev libssl-dev libedit-dev libxml2-dev libarchive-dev sqlite3 pkg-config binutils util-linux
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# What people run. Each flag shortens the start of a one-shot command (README, "For
# developers", build-support/): the Swift runtime, libstdc++ and libgcc linked in; linked by lld, with
# relative relocations packed (DT_RELR) and no symbol exported that nothing looks up; the code
# one-shot commands run laid out together (build-support/startup-order.txt, make startup-order),
# which needs each function in a section of its own (-function-sections); and its segments
# aligned to 64 KiB, the blocks the kernel maps code and read-only data in, so that the same
# code lands in the same blocks whatever address the binary is loaded at.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -L -Xswiftc $(CURDIR)/build-support/static-libstdc++ -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker -z -Xlinker max-page-size=65536 \
	-Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/build-support/startup-order.txt -Xlinker --no-warn-symbol-ordering
# What bench/run.sh needs besides sqlite3 and python3 (valgrind: instruction counts, full runs only).
BENCH_PACKAGES := hyperfine time libxml2-utils

.PHONY: deps build release release-flags startup-order run test bench bench-smoke bench-deps clean fuzz man install uninstall demo

# SQLCipher 4 (the engine of every journal, plain or encrypted) comes from Debian's
# bookworm-backports: Debian 12's main archive has only 3.4.1, without FTS5. Backports are
# pinned at priority 100, so enabling them upgrades nothing else; debian.sources is left as it is.
BACKPORTS_PACKAGES := libsqlcipher-dev
BACKPORTS_LIST := /etc/apt/sources.list.d/daybook-bookworm-backports.sources

# Installs the Debian packages that are missing, and nothing else; the backports ones from
# bookworm-backports, enabled first (a sources file of its own, on the mirror debian.sources names).
deps:
	@missing=""; for p in $(BACKPORTS_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		if ! grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then \
			mirror=$$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1); \
			mirror=$${mirror:-http://deb.debian.org/debian}; \
			echo "enabling Debian's bookworm-backports ($$mirror) in $(BACKPORTS_LIST), for:$$missing"; \
			printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$$mirror" \
				| $(SUDO) tee $(BACKPORTS_LIST) >/dev/null; \
		fi; \
		echo "installing from bookworm-backports:$$missing"; \
		$(SUDO) apt-get update -qq -o DPkg::Lock::Timeout=600 && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq -o DPkg::Lock::Timeout=600 -t bookworm-backports $$missing; \
	fi
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# For bench/run.sh when it is run by hand.
release-flags:
	@echo $(RELEASE_FLAGS)

# Lists the functions one-shot commands run, for the release link to lay out together (less
# memory mapped at each start). Run it after adding or changing commands; needs valgrind.
startup-order: release
	@$(MAKE) --no-print-directory deps APT_PACKAGES="valgrind sqlite3"
	python3 build-support/startup-order.py --binary .build/release/daybook --out build-support/startup-order.txt
	@# SwiftPM does not know the list is an input of the link: without the binary, it links again.
	rm -f "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/daybook"
	$(SWIFT) build $(RELEASE_FLAGS)

# The shell, on the default journal.
run: release
	@.build/release/daybook

# The shell on a temporary journal of twelve weeks of example data, thrown away on exit.
demo: release
	@.build/release/daybook --demo

# mandoc and man-db check the manual page (ManPageTests); bash-completion, zsh and fish run
# the completion scripts and the prompts (ShellCompletionTests, StatusPromptTests); syncthing
# carries a journal between two instances (SyncthingTests); headless chromium opens the page of
# `review --html` (ReviewPageBrowserTests); strace holds the shell between drawing its prompt and
# reading (ShellEditingTests); sqlcipher opens an encrypted journal with its
# passphrase (EncryptionEndToEndTests). A test whose program is missing is reported as skipped, never as
# passed (Tests/DaybookProcessSupport/Installed.swift).
test: BACKPORTS_PACKAGES += sqlcipher
test: APT_PACKAGES += mandoc man-db bash-completion zsh fish zip syncthing chromium strace
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

# Writes man/daybook.1 afresh from the command table; a test fails when it is out of date.
man: build
	$(SWIFT) build --product daybook-man
	$$($(SWIFT) build --show-bin-path)/daybook-man > man/daybook.1.new
	mv man/daybook.1.new man/daybook.1

# make install PREFIX=/usr/local DESTDIR=/staging: the release binary, the manual page and,
# once they are in Completions/, the completion scripts. BINARY installs another build
# (the tests install the debug one) instead of building the release.
BINARY ?=
INSTALL_BIN := $(DESTDIR)$(PREFIX)/bin
INSTALL_MAN := $(DESTDIR)$(PREFIX)/share/man/man1
INSTALL_BASH := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
install: $(if $(BINARY),,release)
	install -d $(INSTALL_BIN) $(INSTALL_MAN)
	install -m 0755 $(or $(BINARY),.build/release/daybook) $(INSTALL_BIN)/daybook
	install -m 0644 man/daybook.1 $(INSTALL_MAN)/daybook.1
	if [ -f Completions/daybook.bash ]; then install -d $(INSTALL_BASH) && install -m 0644 Completions/daybook.bash $(INSTALL_BASH)/daybook; fi
	if [ -f Completions/_daybook ]; then install -d $(INSTALL_ZSH) && install -m 0644 Completions/_daybook $(INSTALL_ZSH)/_daybook; fi
	if [ -f Completions/daybook.fish ]; then install -d $(INSTALL_FISH) && install -m 0644 Completions/daybook.fish $(INSTALL_FISH)/daybook.fish; fi

# Removes exactly what install puts in place, and no folder.
uninstall:
	rm -f $(INSTALL_BIN)/daybook $(INSTALL_MAN)/daybook.1 $(INSTALL_BASH)/daybook $(INSTALL_ZSH)/_daybook \
		$(INSTALL_FISH)/daybook.fish

bench-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) $(BENCH_PACKAGES)"

# daybook against sqlite3 on generated 10-year and 1-year journals; prints one table of ratios.
bench: BENCH_PACKAGES += valgrind
bench: bench-deps
	SWIFT=$(SWIFT) RELEASE_FLAGS='$(RELEASE_FLAGS)' bench/run.sh

# The same at tiny sizes: checks only that the benchmark runs and prints its table (CI).
bench-smoke: bench-deps
	SWIFT=$(SWIFT) RELEASE_FLAGS='$(RELEASE_FLAGS)' BENCH_SMOKE=1 bench/run.sh

# The fuzz target (Fuzz/, a package of its own) under libFuzzer and AddressSanitizer, for
# FUZZ_SECONDS. New inputs collect in .build-fuzz/corpus; a crash leaves its input in
# .build-fuzz/crashes/ and fails: copy it to Fuzz/Regressions/ so that make test replays it.
# SwiftPM passes -sanitize=fuzzer -sanitize=address, and swiftc keeps only the last of them:
# without the explicit -sanitize-coverage, libFuzzer would run blind.
FUZZ_SECONDS ?= 60
FUZZ_BUILD := -c release --sanitize=fuzzer --sanitize=address --scratch-path .build-fuzz \
	-Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
fuzz: deps
	$(SWIFT) build --package-path Fuzz $(FUZZ_BUILD)
	@mkdir -p .build-fuzz/corpus .build-fuzz/crashes
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=malloc_context_size=0:quarantine_size_mb=16 \
		.build-fuzz/release/daybook-fuzz -max_total_time=$(FUZZ_SECONDS) -timeout=5 -print_final_stats=1 \
		-artifact_prefix=.build-fuzz/crashes/ .build-fuzz/corpus Fuzz/Corpus

clean:
	rm -rf .build .build-fuzz
