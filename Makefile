# `make test` installs what is missing and proves the oracles work (scripts/setup), builds, and runs every test.
# `make docs` builds the DocC documentation of every library module; any DocC warning fails it.
# `make lint` checks the tree against .swift-format (swift-format, part of the toolchain); `make format` applies it.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
DOC_TARGETS := DrawingModule PNG JPEG Fonts Typeset Barcodes Charts Haru Render Documents Validation Batch Serve

.PHONY: test setup build docs lint format clean

test: setup
	swift build --build-tests
	swift test --skip-build

setup:
	scripts/setup

build: setup
	scripts/build-release

docs: setup
	swift package generate-documentation $(addprefix --target ,$(DOC_TARGETS)) --warnings-as-errors

lint:
	swift format lint --strict --recursive --parallel Sources Tests Package.swift

format:
	swift format format --in-place --recursive --parallel Sources Tests Package.swift

clean:
	rm -rf .build
