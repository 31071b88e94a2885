#!/bin/sh
# scripts/lib/build-info.sh FILE VERSION: writes FILE, the version and the commit the classes are built
# from (dev.ycsbmongo.binding.BuildInfo reads it; every --version prints it). Run by `mvn package`
# (mongodb-binding/pom.xml). The commit is git's when the project is a clone (its own, not that of a
# repository it sits in); in an archive made by `git archive`, the one git wrote into
# mongodb-binding/src/main/build/commit (export-subst, .gitattributes); else "unknown". `modified`
# says whether tracked files differed from that commit. Never fails the build for want of git.
file=$1
version=$2
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/../.." && pwd) || exit 2

commit=unknown
modified=false
top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null) || top=
if [ -n "$top" ] && [ "$(CDPATH='' cd -P -- "$top" && pwd)" = "$root" ]; then
  head=$(git -C "$root" rev-parse HEAD 2>/dev/null) || head=
  case $head in
    *[!0-9a-f]* | '') ;;
    *)
      if [ "${#head}" -eq 40 ]; then
        commit=$head
        git -C "$root" diff --quiet HEAD -- 2>/dev/null
        [ $? -eq 1 ] && modified=true
      fi
      ;;
  esac
fi
if [ "$commit" = unknown ] && [ -r "$root/mongodb-binding/src/main/build/commit" ]; then
  archived=$(head -n 1 "$root/mongodb-binding/src/main/build/commit")
  case $archived in
    *[!0-9a-f]* | '') ;;
    *) [ "${#archived}" -eq 40 ] && commit=$archived ;;
  esac
fi

mkdir -p "$(dirname -- "$file")" || exit 2
printf 'version=%s\ncommit=%s\nmodified=%s\n' "$version" "$commit" "$modified" >"$file.tmp" && mv -f "$file.tmp" "$file"
