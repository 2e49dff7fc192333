#!/usr/bin/env bash
# Configure and build a guest kernel out of tree, with ccache (host/lib/cc).
# Usage: host/lib/kernel.sh [patched|vanilla|v2|mutant-NAME|v2-mutant-NAME|v2-exp-NAME|prefix-K|v2-prefix-K] [guest|debug|no-memcg|no-lru-gen|no-sysctl]
# (the last three: the guest config without that option, for make bisect)
# Prints the path of a copy of the bzImage last (build/kernels/KIND-FLAVOUR),
# so that a mutant built later in the same tree leaves it alone. The object
# folder is a direct subfolder of the tree, so kbuild uses relative paths
# and ccache hits across clones.
. "$(dirname "$0")/lib.sh"

kind=${1:-patched}
flavour=${2:-guest}
case "$flavour" in
guest) frags=("$TOP"/config/[0-9]*.config) ;;
debug) frags=("$TOP"/config/[0-9]*.config "$TOP"/config/debug/*.config) ;;
no-memcg|no-lru-gen|no-sysctl)
	frags=("$TOP"/config/[0-9]*.config "$TOP/config/bisect/$flavour.config") ;;
*) die "kernel.sh: unknown flavour '$flavour' (expected guest, debug, no-memcg, no-lru-gen or no-sysctl)" ;;
esac

# The v2 series has an option of its own (config/v2), and so its mutants.
case "$kind" in v2|v2-mutant-*|v2-exp-*|v2-prefix-*) frags+=("$TOP"/config/v2/*.config) ;; esac
tree=$("$TOP/host/lib/tree.sh" "$kind")
obj=obj-$flavour
objdir=$tree/$obj
# Objects take 160 MiB (guest) to 320 MiB (debug); ccache up to its limit.
need_space "$objdir" 600 "building the $kind/$flavour kernel"
mkdir -p "$objdir" "$CACHE/ccache"
export CCACHE_DIR=$CACHE/ccache CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-4G}
# host/lib/cc: C through ccache's depend mode, assembly without ccache.
# Reproducible builds: nothing that changes per build enters the image.
export KBUILD_BUILD_TIMESTAMP=1970-01-01 KBUILD_BUILD_VERSION=1 KBUILD_BUILD_USER=execfirst \
	KBUILD_BUILD_HOST=qemu
# As a job of a pool of several slots (host/lib/pool.sh), compile on the
# slots the pool's job server has free; on its own, or in a pool of one
# slot (nothing else runs beside it), on every core.
jobs=(-j"$(nproc)")
[ -z "${POOL_JOB:-}" ] || [ "${POOL_SLOTS:-1}" -le 1 ] || jobs=()
mk=(make -C "$tree" O="$obj" ARCH=x86_64 CC="$TOP/host/lib/cc" "${jobs[@]}")

t0=$(now)
cfg_id=$(cat "${frags[@]}" | sha1sum | cut -c1-16)
if [ "$(cat "$objdir/.execfirst-config" 2>/dev/null)" != "$cfg_id" ]; then
	run "${mk[@]}" -s tinyconfig
	run "$tree/scripts/kconfig/merge_config.sh" -m -O "$objdir" \
		"$objdir/.config" "${frags[@]}" > "$objdir/merge_config.log"
	run "${mk[@]}" -s olddefconfig
	# kunit.py's rule: every requested option must survive olddefconfig.
	# A later fragment overrides an earlier one, as in merge_config.sh.
	missing=()
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*) grep -qxF "$line" "$objdir/.config" || missing+=("$line") ;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }; opt=${opt%% *}
			! grep -q "^$opt=" "$objdir/.config" || missing+=("$line") ;;
		esac
	done < <(cat "${frags[@]}" | awk '
		/^CONFIG_[A-Za-z0-9_]+=/ { o = $0; sub(/=.*/, "", o) }
		/^# CONFIG_[A-Za-z0-9_]+ is not set/ { o = $2 }
		o != "" { if (!(o in last)) order[n++] = o; last[o] = $0; o = "" }
		END { for (i = 0; i < n; i++) print last[order[i]] }')
	if [ ${#missing[@]} -gt 0 ]; then
		printf '  %s\n' "${missing[@]}" >&2
		die "not all requested Kconfig options are in the final .config (missing above)"
	fi
	echo "$cfg_id" > "$objdir/.execfirst-config"
fi
t1=$(now)
run "${mk[@]}" -s bzImage
log "Elapsed time: $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')s configuring, $(elapsed "$t1")s building ($kind/$flavour kernel)"
mkdir -p "$BUILD/kernels"
cp "$objdir/arch/x86/boot/bzImage" "$BUILD/kernels/$kind-$flavour.bzImage"
echo "$BUILD/kernels/$kind-$flavour.bzImage"
