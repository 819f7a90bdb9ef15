# Strict YAML: seal refuses each hazard in the body with line:column,
# before asking for a key, and writes nothing.

# hazard STATUS WORDS: seal refuses body.yaml
hazard() {
	mkdir -p d
	[ -f d/alice.key ] || (cd d && keys alice bob)
	snapshot d
	expect "$1" "$ADJ" seal -k d/alice.key d/bob.pub body.yaml
	one_line
	err_has "$2"
	[ ! -s out ] || fail "output despite a refusal"
	unchanged d
}

test_good_body() {
	mkdir d
	(cd d && keys alice bob)
	printf 'game: g\nlist: [a, b]\nmap:\n  k: "v: w"\n' >body.yaml
	expect 0 "$ADJ" seal -k d/alice.key d/bob.pub body.yaml
}

test_alias() {
	printf 'a: &x 1\nb: *x\n' >body.yaml
	hazard 3 "body.yaml:1:4: anchors are not allowed"
	printf 'a: 1\nb: *x\n' >body.yaml
	hazard 3 "body.yaml:2:4: aliases are not allowed"
}

test_anchor() {
	printf 'a:\n  b: &m\n    c: 1\n' >body.yaml
	hazard 3 "body.yaml:2:6: anchors are not allowed"
}

test_tag() {
	printf 'a: !!str 1\n' >body.yaml
	hazard 3 "body.yaml:1:4: tags are not allowed"
	printf 'a: 1\nb: !x [1]\n' >body.yaml
	hazard 3 "body.yaml:2:4: tags are not allowed"
}

test_two_documents() {
	printf 'a: 1\n---\nb: 2\n' >body.yaml
	hazard 3 "body.yaml:2:1: more than one document"
}

test_duplicate_key() {
	printf 'a: 1\nb: 2\na: 3\n' >body.yaml
	hazard 3 'body.yaml:3:1: duplicate key "a"'
}

test_nesting_too_deep() {
	i=0 open= close=
	while [ $i -lt 40 ]; do
		open="$open["
		close="$close]"
		i=$((i + 1))
	done
	printf 'a: %s%s\n' "$open" "$close" >body.yaml
	hazard 3 "body.yaml:1:35: nesting too deep"
}

test_scalar_too_long() {
	{ printf 'a: '; head -c 70000 /dev/zero | tr '\0' x; echo; } >body.yaml
	hazard 3 "body.yaml:1:4: scalar too long"
}

test_too_large_input() {
	{ printf 'a: 1\n'; head -c 1100000 /dev/zero | tr '\0' '#'; echo; } \
	    >body.yaml
	hazard 3 "body.yaml: input larger than"
}

test_syntax_error() {
	printf 'a: [1\n' >body.yaml
	hazard 3 "body.yaml:2:1: "
	printf 'a: 1\n b: 2\n' >body.yaml
	hazard 3 "body.yaml:2:"
}

test_nul_and_empty() {
	printf 'a: 1\0\n' >body.yaml
	hazard 3 "body.yaml:1:5: NUL byte"
	: >body.yaml
	hazard 3 "body.yaml: empty document"
}

test_before_key() {
	# the body is checked before the key is read: no passphrase asked
	mkdir d
	(cd d && keys bob)
	printf 'x\n' >d/alice.key
	printf 'a: *x\n' >body.yaml
	unset ADJUDICATOR_PASSPHRASE_FILE
	hazard 3 "aliases are not allowed"
}
