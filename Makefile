# The two commands a newcomer needs: `make run` and `make test`.
GO ?= go
BIN := bin/rummikub

.PHONY: build run test bench lint fmt clean

build:
	$(GO) build -buildvcs=auto -o $(BIN) ./cmd/rummikub

run: build
	./$(BIN)

test:
	$(GO) vet ./...
	@$(GO) mod tidy -diff >/dev/null || { echo "go mod tidy would change go.mod/go.sum (run it and commit the result)"; exit 1; }
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) test -race ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint: test

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin
