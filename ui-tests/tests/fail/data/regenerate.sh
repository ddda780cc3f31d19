#!/bin/sh
# Writes the include_utf8! fixtures of tests/fail/data and tests/pass/data.
# They are committed; run this only to change them, then re-run
# `TRYBUILD=overwrite cargo test -p utf8lit-ui-tests --test ui` and review
# every .stderr diff. `printf` with octal escapes, so any POSIX sh will do.
set -eu
fail=$(dirname "$0")
pass=$fail/../../pass/data

# MissingContinuation, with the ISO-8859-1 guess: E9 then a space.
printf 'caf\351 au lait\n' >"$fail/latin1.txt"
# UnexpectedContinuation, with the Windows-1252 guess: smart quotes 93/94.
printf 'He said \223hello\224.\n' >"$fail/windows1252.txt"
# InvalidByte at byte 0, with the UTF-16LE guess: BOM FF FE, "hi\n".
printf '\377\376h\000i\000\n\000' >"$fail/utf16le-bom.txt"
# InvalidByte at byte 2, with the UTF-32BE guess: BOM 00 00 FE FF, "hi".
printf '\000\000\376\377\000\000\000h\000\000\000i' >"$fail/utf32be-bom.txt"
# Surrogate: U+1F600 as a CESU-8 pair (ED A0 BD ED B8 80) on line 2.
printf 'smile:\n\355\240\275\355\270\200\n' >"$fail/cesu8.txt"
# Truncated: the file ends inside a 3-byte sequence (E2 82, no AC).
printf 'price: 12 \342\202' >"$fail/truncated-eof.txt"
# Overlong: "/../" with the dots written C0 AE.
printf 'path=/\300\256\300\256/etc/passwd\n' >"$fail/overlong.txt"
# OutOfRange: F4 90 80 80 would be U+110000.
printf 'beyond: \364\220\200\200\n' >"$fail/out-of-range.txt"
# ObsoleteForm: RFC 2279's 5-byte form F8 88 80 80 80.
printf 'old: \370\210\200\200\200\n' >"$fail/obsolete-5-byte.txt"
# Fifteen Latin-1 words, one accented letter each: ten errors are
# reported, then "and 5 more".
printf 'caf\351 cr\350me br\373l\351e na\357ve \340 la fa\347on d\351j\340 vu \351t\351 \374ber \361and\372\n' >"$fail/many-latin1.txt"
# A CESU-8 pair and a lone surrogate, on two lines: two errors, the pair one.
printf 'pair: \355\240\275\355\270\200\nlone: \355\240\200\n' >"$fail/cesu8-and-lone.txt"
# InvalidByte FF on line 3, after a non-ASCII character (columns count
# characters, as rustc's do): line 3, column 7.
printf 'first line\nsecond line\nna\303\257ve \377 end\n' >"$fail/invalid-byte-line3.txt"
# A symbolic link to nothing: the file cannot be read (by root either).
ln -sfn does-not-exist.txt "$fail/broken-symlink.txt"
# A symbolic link to itself: reading fails with ELOOP, not "not found".
ln -sfn symlink-loop.txt "$fail/symlink-loop.txt"

# A UTF-8 BOM (EF BB BF), which include_utf8! keeps.
printf '\357\273\277Grüße from a file with a BOM\n' >"$pass/bom.txt"
