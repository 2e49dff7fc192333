#!/bin/sh
# Emit assembly for PAGES pages of executable text: one tiny function at the
# start of each page, the rest of the page int3. Running an app through its
# "working text" is calling these functions, so every page is real
# file-backed VM_EXEC page cache, faulted in from the disk.
# Usage: gen-text.sh PAGES > text.S
pages=${1:?usage: gen-text.sh PAGES}
cat <<ASM
	.section .text.big,"ax",@progbits
	.balign 4096
	.globl big_text
big_text:
	.rept $pages
	ret
	.balign 4096, 0xcc
	.endr
	.globl big_text_end
big_text_end:
	.section .note.GNU-stack,"",@progbits
ASM
