# `make test` installs what is missing (scripts/setup), builds, and runs every test.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: test setup build clean

test: setup
	swift build --build-tests
	swift test --skip-build

setup:
	scripts/setup

build: setup
	swift build -c release --static-swift-stdlib --product mkpdf

clean:
	rm -rf .build
