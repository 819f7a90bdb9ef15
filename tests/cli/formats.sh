# The samples in formats/samples go through the real CLI: each must parse
# as its spec says, and the message must open with the sample keys.

S="$TOP/formats/samples"

# git keeps no file modes and a secret key others can read is refused, so
# the tests use private copies (0600) of the sample secret keys, in $K
K=$PWD/sample-keys
mkdir -p "$K"
for k in alice bob carol judge; do
	cp "$S/$k.key" "$K/$k.key"
done
cp "$S/carol.pass" "$K/carol.pass"
chmod 600 "$K"/*.key "$K/carol.pass"

test_sample_message_opens() {
	expect 0 "$ADJ" open -k "$K/bob.key" -p "$S/alice.pub" "$S/message.asc"
	cmp out "$S/body.yaml" || fail "body differs from body.yaml"
	err_has "good signature from alice (key dd4313f220301088)"
}

test_sample_message_from_stdin() {
	expect 0 sh -c "\"$ADJ\" open -k \"$K/bob.key\" <\"$S/message.asc\""
	cmp out "$S/body.yaml" || fail "body differs from body.yaml"
}

test_sample_message_wrong_sender() {
	expect 1 "$ADJ" open -k "$K/bob.key" -p "$S/carol.pub" "$S/message.asc"
	err_has "signed by alice"
	one_line
}

test_sample_message_not_for_alice() {
	expect 1 "$ADJ" open -k "$K/alice.key" "$S/message.asc"
	err_has "not addressed to key dd4313f220301088"
}

test_sample_message_tampered() {
	# change one base64 character in the middle of the block
	sed '4s/^\(.\{10\}\)\(.\)/\1#/' "$S/message.asc" | tr '#' 'A' >m1
	sed '4s/^\(.\{10\}\)\(.\)/\1#/' "$S/message.asc" | tr '#' 'B' >m2
	cmp -s m1 "$S/message.asc" && cp m2 m1
	expect 1 "$ADJ" open -k "$K/bob.key" m1
	[ ! -s out ] || fail "printed something for a tampered message"
}

test_sample_message_armor_layout() {
	head -1 "$S/message.asc" | grep -qx -- '-----BEGIN ADJUDICATOR MESSAGE-----' ||
	    fail "BEGIN line"
	tail -1 "$S/message.asc" | grep -qx -- '-----END ADJUDICATOR MESSAGE-----' ||
	    fail "END line"
	sed '1d;$d' "$S/message.asc" >b64
	# 64 columns, the last line shorter or equal, base64 alphabet only
	n=$(wc -l <b64)
	head -n $((n - 1)) b64 | awk 'length($0) != 64 { exit 1 }' ||
	    fail "armor lines are not 64 columns"
	tail -1 b64 | awk 'length($0) > 64 || length($0) == 0 { exit 1 }' ||
	    fail "last armor line"
	grep -q '[^A-Za-z0-9+/=]' b64 && fail "non-base64 character"
	tr -d '\n' <b64 | base64 -d >bin || fail "armor is not base64"
	[ "$(head -c 4 bin)" = ADJE ] || fail "magic is not ADJE"
	[ "$(od -An -tu1 -j4 -N1 bin | tr -d ' ')" = 1 ] || fail "version"
	# one recipient: bob's key id at offset 10
	[ "$(od -An -tu1 -j8 -N2 bin | tr -s ' ')" = " 1 0" ] ||
	    fail "recipient count"
	[ "$(od -An -tx1 -j10 -N8 bin | tr -d ' \n')" = 5f68221f542910f8 ] ||
	    fail "recipient key id"
}

test_sample_public_keys_parse() {
	for k in alice bob carol; do
		grep -Eqx "adjudicator-pk1 $k [0-9a-f]{16} [A-Za-z0-9+/]{86}==" \
		    "$S/$k.pub" || fail "$k.pub is not a public key line"
		[ "$(wc -l <"$S/$k.pub")" -eq 1 ] || fail "$k.pub: one line"
	done
	# seal loads every recipient public key, checking its key id
	expect 0 "$ADJ" seal -k "$K/alice.key" "$S/alice.pub" "$S/bob.pub" \
	    "$S/carol.pub" "$S/body.yaml"
	cp out three.asc
	expect 0 "$ADJ" open -k "$K/bob.key" -p "$S/alice.pub" three.asc
	cmp out "$S/body.yaml" || fail "body differs"
}

# the public key block for mail: the layout of key.md, byte by byte, and
# the sample is alice.pub's
test_sample_public_key_block() {
	expect 0 "$ADJ" key export "$S/alice.pub"
	cmp out "$S/alice.pub.asc" || fail "alice.pub.asc is not alice.pub's"
	sed '1d;$d' "$S/alice.pub.asc" | tr -d '\n' | base64 -d >rec
	[ "$(wc -c <rec)" -eq 87 ] || fail "not 82 bytes and the name's"
	[ "$(head -c 6 rec | od -An -c | tr -d ' ')" = 'ADJP001005' ] ||
	    fail "magic, version, name length: $(head -c 6 rec | od -An -c)"
	[ "$(dd if=rec bs=1 skip=6 count=5 2>/dev/null)" = alice ] ||
	    fail "the name"
	[ "$(dd if=rec bs=1 skip=11 count=64 2>/dev/null | base64 -w0)" = \
	    "$(cut -d' ' -f4 "$S/alice.pub")" ] || fail "the keys"
	[ "$(dd if=rec bs=1 skip=75 count=8 2>/dev/null | od -An -tx1 |
	    tr -d ' \n')" = dd4313f220301088 ] || fail "the key id"
	mkdir d
	expect 0 "$ADJ" key import -d d "$S/alice.pub.asc"
	cmp d/alice.pub "$S/alice.pub" || fail "import of the sample"
}

test_sample_public_key_wrong_id_refused() {
	sed 's/ dd4313f220301088 / dd4313f220301089 /' "$S/alice.pub" >bad.pub
	expect 3 "$ADJ" seal -k "$K/bob.key" bad.pub "$S/body.yaml"
	err_has "does not match"
}

test_sample_key_ids_as_documented() {
	for k in alice bob; do
		id=$(cut -d' ' -f3 "$S/$k.pub")
		grep -q "$id" "$TOP/formats/key.md" "$TOP/formats/envelope.md" ||
		    fail "$k's key id $id is not in the specs"
	done
}

test_sample_unencrypted_secret_key_layout() {
	for k in alice bob; do
		sed '1d;$d' "$S/$k.key" | tr -d '\n' | base64 -d >bin
		[ "$(wc -c <bin)" -eq 249 ] || fail "$k.key is not 249 bytes"
		[ "$(head -c 4 bin)" = ADJK ] || fail "$k.key magic"
		# version 1, kdf 0, limits zero
		[ "$(od -An -tu1 -j4 -N2 bin | tr -s ' ')" = " 1 0" ] ||
		    fail "$k.key version/kdf"
		[ "$(od -An -tu1 -j8 -N16 bin | tr -d ' 0\n')" = "" ] ||
		    fail "$k.key has KDF limits"
		# the header's key id is the public key's
		[ "$(od -An -tx1 -j40 -N8 bin | tr -d ' \n')" = \
		    "$(cut -d' ' -f3 "$S/$k.pub")" ] || fail "$k.key key id"
	done
	expect 0 "$ADJ" seal -k "$K/bob.key" "$S/alice.pub" "$S/body.yaml"
}

# what keygen writes now: version 2, 281 bytes, the X25519 public key in
# the payload (the second half of the .pub's key)
test_new_secret_key_layout() {
	mkdir d
	"$ADJ" keygen -N -d d dora 2>/dev/null || fail "keygen"
	sed '1d;$d' d/dora.key | tr -d '\n' | base64 -d >bin
	[ "$(wc -c <bin)" -eq 281 ] || fail "dora.key is not 281 bytes"
	[ "$(od -An -tu1 -j4 -N2 bin | tr -s ' ')" = " 2 0" ] ||
	    fail "dora.key version/kdf"
	cut -d' ' -f4 d/dora.pub | base64 -d | od -An -tx1 -j32 -N32 |
	    tr -d ' \n' >pk
	[ "$(od -An -tx1 -j168 -N32 bin | tr -d ' \n')" = "$(cat pk)" ] ||
	    fail "the X25519 public key is not at 96 in the payload"
	[ "$(od -An -tu1 -j200 -N1 bin | tr -d ' ')" = 4 ] ||
	    fail "the name length is not at 128 in the payload"
}

test_sample_encrypted_secret_key() {
	sed '1d;$d' "$S/carol.key" | tr -d '\n' | base64 -d >bin
	[ "$(wc -c <bin)" -eq 249 ] || fail "carol.key is not 249 bytes"
	[ "$(od -An -tu1 -j4 -N2 bin | tr -s ' ')" = " 1 1" ] ||
	    fail "carol.key is not kdf 1"
	ADJUDICATOR_PASSPHRASE_FILE="$K/carol.pass" \
	    expect 0 "$ADJ" seal -k "$K/carol.key" "$S/alice.pub" "$S/body.yaml"
	cp out c.asc
	expect 0 "$ADJ" open -k "$K/alice.key" -p "$S/carol.pub" c.asc
	cmp out "$S/body.yaml" || fail "body differs"
	printf 'not-the-passphrase\n' >wrong
	ADJUDICATOR_PASSPHRASE_FILE=$PWD/wrong \
	    expect 1 "$ADJ" seal -k "$K/carol.key" "$S/alice.pub" "$S/body.yaml"
	err_has "wrong passphrase"
}

test_sample_encrypted_key_no_passphrase_no_prompt() {
	expect 2 sh -c "unset ADJUDICATOR_PASSPHRASE_FILE; \"$ADJ\" seal -k \"$K/carol.key\" \"$S/alice.pub\" \"$S/body.yaml\" </dev/null"
	err_has "ADJUDICATOR_PASSPHRASE_FILE"
}

test_sample_yaml_is_strict_yaml() {
	# seal parses its input with the strict reader before signing
	for y in body.yaml commitment.yaml; do
		expect 0 "$ADJ" seal -k "$K/alice.key" "$S/bob.pub" "$S/$y"
	done
}

test_sample_commitment_fields() {
	c="$S/commitment.yaml"
	for k in game nonce commitment; do
		grep -Eq "^$k: [0-9a-f]{64}\$" "$c" || fail "$k is not 64 hex digits"
	done
	for k in seat piece value; do
		grep -Eq "^$k: [^ ]+\$" "$c" || fail "$k missing"
	done
	# the spec shows the same sample
	grep -q "$(grep '^commitment:' "$c")" "$TOP/formats/commitment.md" ||
	    fail "commitment.md shows another sample"
}

test_empty_public_key_file_refused() {
	: >empty.pub
	expect 3 "$ADJ" seal -k "$K/alice.key" empty.pub "$S/body.yaml"
	err_has "exactly one line\|not a public key line"
	one_line
}

test_public_key_file_with_two_lines_refused() {
	cat "$S/alice.pub" "$S/bob.pub" >two.pub
	expect 3 "$ADJ" seal -k "$K/alice.key" two.pub "$S/body.yaml"
	err_has "exactly one line"
}

# --- the game formats: header, entries, views, archives ---

test_sample_archives_verify() {
	expect 0 "$ADJ" verify "$S/incognito.archive"
	out_has "^incognito game $(grep -o '^game: [0-9a-f]*' "$S/entry-setup.yaml" | cut -d' ' -f2)\$"
	out_has "^result: alice won"
	expect 0 "$ADJ" verify "$S/incognito-judged.archive"
	out_has "^result: alice won (bob resigned)"
	# the spec shows the sample's output
	grep -q '^entries: 13, ' "$TOP/formats/archive.md" ||
	    fail "archive.md shows another sample"
}

# The standings of the two sample archives, byte for byte: what every
# machine must compute from them (formats/standings.md)
test_sample_standings() {
	expect 0 "$ADJ" standings "$S/incognito.archive" \
	    "$S/incognito-judged.archive"
	cmp -s out "$S/standings.txt" ||
	    { diff -u "$S/standings.txt" out >&2; fail "standings.txt"; }
	expect 0 "$ADJ" standings -r glicko2 -f yaml \
	    "$S/incognito-judged.archive" "$S/incognito.archive"
	cmp -s out "$S/standings.yaml" ||
	    { diff -u "$S/standings.yaml" out >&2; fail "standings.yaml"; }
	# the spec shows the sample's first table
	sed -n '/^  2  bob/q; p' "$S/standings.txt" >first
	sed -n '/^  2  bob/p' "$S/standings.txt" | head -n 1 >>first
	sed -n '/^Standings: 2 games/,/^  2  bob/p' "$TOP/formats/standings.md" |
	    cmp -s - first || fail "standings.md shows another"
}

test_sample_archive_layout() {
	head -1 "$S/incognito.archive" |
	    grep -qx -- '-----BEGIN ADJUDICATOR ARCHIVE-----' || fail "BEGIN line"
	tail -1 "$S/incognito.archive" |
	    grep -qx -- '-----END ADJUDICATOR ARCHIVE-----' || fail "END line"
	sed '1d;$d' "$S/incognito.archive" | tr -d '\n' | base64 -d >bin
	[ "$(head -c 4 bin)" = ADJA ] || fail "magic is not ADJA"
	[ "$(od -An -tu1 -j4 -N4 bin | tr -s ' ')" = " 1 0 0 0" ] ||
	    fail "version 1, reserved zero"
	[ "$(od -An -tu4 -j8 -N4 bin | tr -d ' ')" = 13 ] || fail "count"
	# the first record is the header's signed blob
	[ "$(od -An -c -j16 -N4 bin | tr -d ' ')" = ADJS ] ||
	    fail "first entry is not a signed blob"
}

test_sample_archive_tampered_refused() {
	sed '1d;$d' "$S/incognito.archive" | tr -d '\n' | base64 -d >bin
	# flip one byte in the middle of the body of an entry
	n=$(wc -c <bin)
	off=$((n / 2))
	head -c "$off" bin >bad
	printf 'Z' >>bad
	tail -c $((n - off - 1)) bin >>bad
	cmp -s bin bad && fail "no change"
	{
		echo '-----BEGIN ADJUDICATOR ARCHIVE-----'
		base64 -w 64 bad
		echo '-----END ADJUDICATOR ARCHIVE-----'
	} >bad.archive
	expect 1 "$ADJ" verify bad.archive
	# not an archive at all
	expect 3 "$ADJ" verify "$S/message.asc"
}

test_sample_game_yaml_parses() {
	# seal parses its input with the strict reader before signing
	for y in header entry-setup entry-turn entry-turn-open entry-final \
	    entry-judge private-setup private-turn update view; do
		expect 0 "$ADJ" seal -k "$K/alice.key" "$S/bob.pub" "$S/$y.yaml"
	done
}

test_sample_header_fields() {
	h="$S/header.yaml"
	for k in adjudicator kind rules options seed mode seats created nonce; do
		grep -q "^$k:" "$h" || fail "header.yaml lacks $k"
	done
	grep -qx 'kind: header' "$h" || fail "kind"
	grep -Eq '^nonce: [0-9a-f]{64}$' "$h" || fail "nonce"
	# the archive's header is this body
	expect 0 "$ADJ" verify "$S/incognito.archive"
	sed '1d;$d' "$S/incognito.archive" | tr -d '\n' | base64 -d >bin
	grep -qF "$(grep '^nonce:' "$h")" bin || fail "not the archive's header"
}

test_sample_entries_fields() {
	for y in entry-setup entry-turn entry-turn-open entry-final \
	    entry-judge; do
		for k in game seq prev by to kind; do
			grep -q "^$k:" "$S/$y.yaml" || fail "$y.yaml lacks $k"
		done
	done
	grep -qx 'kind: setup' "$S/entry-setup.yaml" || fail "setup kind"
	grep -q '^commit:' "$S/entry-setup.yaml" || fail "setup commit"
	grep -qx 'kind: turn' "$S/entry-turn.yaml" || fail "turn kind"
	grep -q '^action:' "$S/entry-turn.yaml" || fail "turn action"
	grep -qx 'kind: final' "$S/entry-final.yaml" || fail "final kind"
	grep -qx 'by: judge' "$S/entry-judge.yaml" || fail "judge entry"
	grep -qx 'kind: private' "$S/private-setup.yaml" || fail "private"
	grep -qx 'kind: update' "$S/update.yaml" || fail "update"
	# seq 1 follows the header: prev is the game id
	[ "$(sed -n 's/^prev: //p' "$S/entry-setup.yaml")" = \
	    "$(sed -n 's/^game: //p' "$S/entry-setup.yaml")" ] ||
	    fail "seq 1's prev is not the game id"
}

# the top-level keys of "show -f yaml", in the order view.md gives them
view_keys() {
	grep -o '^[a-z_]*:' "$1" | tr -d : | grep -vx 'draw_offer' | tr '\n' ' '
}

test_show_yaml_top_level_keys() {
	vkeys="game rules seq seat role seats phase next last obligations result to_do board "
	[ "$(view_keys "$S/view.yaml")" = "$vkeys" ] ||
	    fail "view.yaml keys: $(view_keys "$S/view.yaml")"
	keys alice bob
	"$ADJ" new -k alice.key incognito alice.pub bob.pub >inv || fail "new"
	"$ADJ" join -d A -k alice.key inv 2>/dev/null || fail "join"
	expect 0 "$ADJ" show -d A -f yaml
	cp out view
	[ "$(view_keys view)" = "$vkeys" ] ||
	    fail "show -f yaml keys: $(view_keys view)"
	grep -qx 'phase: setup' view || fail "phase"
	expect 0 "$ADJ" seal -k alice.key alice.pub view
	for k in $vkeys; do
		grep -q "| \`$k\` |" "$TOP/formats/view.md" ||
		    fail "view.md does not document $k"
	done
}
