# `make test` installs what is missing and proves the oracles work (scripts/setup), builds, and runs every test.
# `make docs` builds the DocC documentation of every library module; any DocC warning fails it.
# `make install PREFIX=/usr/local DESTDIR=` builds mkpdf and mkpdf-serve in release and installs them with what they
# read: PREFIX/share/mkpdf/{fonts.json,Templates/}, found by the installed binaries from any directory
# (Support/ResourceSearch.swift), and the example unit docs/deploy/mkpdf-serve.service. `make install-files
# BUILT=DIR` installs binaries already built in DIR without building.
# `make lint` checks the tree against .swift-format (swift-format, part of the toolchain); `make format` applies it.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
DOC_TARGETS := DrawingModule PNG JPEG Fonts Typeset Barcodes Charts Layout Expressions Records Reports Render Documents Validation Batch Serve EInvoice

PREFIX ?= /usr/local
DESTDIR ?=
BUILT ?= .build/release
share := $(DESTDIR)$(PREFIX)/share/mkpdf

.PHONY: test setup build install install-files docs lint format clean

test: setup
	swift build --build-tests
	swift test --skip-build

setup:
	scripts/setup

build:
	scripts/setup --runtime
	scripts/build-release
	scripts/build-release --product mkpdf-serve

install: build install-files

install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(share)/Templates
	install -m 0755 $(BUILT)/mkpdf $(BUILT)/mkpdf-serve $(DESTDIR)$(PREFIX)/bin/
	install -m 0644 Fonts/fonts.json Fonts/README.md $(share)/
	cp -R --no-preserve=ownership Templates/. $(share)/Templates/
	install -m 0644 README.md docs/deploy/mkpdf-serve.service $(share)/

docs: setup
	swift package generate-documentation $(addprefix --target ,$(DOC_TARGETS)) --warnings-as-errors

lint:
	swift format lint --strict --recursive --parallel Sources Tests Package.swift

format:
	swift format format --in-place --recursive --parallel Sources Tests Package.swift

clean:
	rm -rf .build
