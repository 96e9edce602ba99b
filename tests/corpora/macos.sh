# macOS system tools (issue 3, round 2): the listing and inspecting forms, and their
# dangerous neighbours. Read by tests/test_corpora.py, NEVER executed.

# -- diskutil, launchctl, tmutil, pkgutil, scutil ----------------------------------------
# ok: GK-QUERY-002
diskutil list
# ok: GK-QUERY-002
diskutil info -plist disk0
# ok: GK-QUERY-002
diskutil apfs list
# ruleid: GK-UNKNOWN
diskutil eraseDisk APFS Blank disk2
# ruleid: GK-UNKNOWN
diskutil apfs deleteVolume disk3s2
# ok: GK-QUERY-002
launchctl list
# ok: GK-QUERY-002
launchctl list com.apple.Finder
# ok: GK-QUERY-002
launchctl print-disabled system
# ruleid: GK-UNKNOWN
launchctl print gui/501
# ruleid: GK-UNKNOWN
launchctl getenv API_TOKEN
# ruleid: GK-UNKNOWN
launchctl procinfo 1234
# ruleid: GK-QUERY-002
launchctl load ~/Library/LaunchAgents/x.plist
# ruleid: GK-QUERY-002
launchctl submit -l x -- /bin/sh -c id
# ruleid: GK-QUERY-002
launchctl setenv PATH /srv/evil
# ok: GK-QUERY-002
tmutil listbackups -m -t
# ok: GK-QUERY-002
tmutil destinationinfo -X
# ok: GK-QUERY-002
tmutil isexcluded src/a.txt
# ruleid: GK-QUERY-002
tmutil delete /Volumes/Backup/x
# ruleid: GK-QUERY-002
tmutil disable
# ruleid: GK-BASH-002
tmutil isexcluded /srv/elsewhere/a
# ok: GK-QUERY-002
pkgutil --pkgs
# ok: GK-QUERY-002
pkgutil --pkgs=com.apple.*
# ok: GK-QUERY-002
pkgutil --files com.apple.pkg.Safari --only-files
# ok: GK-QUERY-002
pkgutil --check-signature src/package.pkg
# ruleid: GK-QUERY-002
pkgutil --expand src/package.pkg /srv/out
# ruleid: GK-QUERY-002
pkgutil --forget com.example.pkg
# ruleid: GK-UNKNOWN
pkgutil --pkgs --volume /Volumes/Other
# ruleid: GK-BASH-002
pkgutil --payload-files /srv/elsewhere/p.pkg
# ok: GK-QUERY-002
scutil --dns
# ok: GK-QUERY-002
scutil --get ComputerName
# ruleid: GK-QUERY-002
scutil --set HostName evil
# ruleid: GK-UNKNOWN
scutil -r leaked-data.example.com

# -- codesign, spctl, hdiutil, xattr: files under the path policy ---------------------------
# ok: GK-QUERY-002
codesign -dvv src/app.app
# ok: GK-QUERY-002
codesign --verify --deep --strict src/app.app
# ok: GK-QUERY-002
codesign -d --entitlements - src/app.app
# ruleid: GK-UNKNOWN
codesign -d --entitlements /srv/out.plist src/app.app
# ruleid: GK-UNKNOWN
codesign -s - -f src/app.app
# ruleid: GK-UNKNOWN
codesign --remove-signature src/app.app
# ok: GK-QUERY-002
spctl --status
# ok: GK-QUERY-002
spctl --assess -t execute src/app.app
# ruleid: GK-QUERY-002
spctl --master-disable
# ruleid: GK-QUERY-002
spctl --add src/app.app
# ok: GK-QUERY-002
hdiutil info
# ok: GK-QUERY-002
hdiutil imageinfo src/image.dmg
# ok: GK-QUERY-002
hdiutil checksum -type SHA256 src/image.dmg
# ruleid: GK-QUERY-002
hdiutil attach src/image.dmg
# ruleid: GK-UNKNOWN
hdiutil verify -shadow /srv/snap.img src/image.dmg
# ruleid: GK-BASH-002
hdiutil imageinfo /srv/elsewhere/image.dmg
# ok: GK-QUERY-002
xattr -l src/a.txt
# ok: GK-QUERY-002
xattr -p com.apple.quarantine src/a.txt
# ruleid: GK-QUERY-002
xattr -d com.apple.quarantine src/a.txt
# ruleid: GK-QUERY-002
xattr -w user.x 1 src/a.txt
# ruleid: GK-QUERY-002
xattr -rc src
# ruleid: GK-PROT-002
xattr -l ~/.ssh/id_rsa

# -- security, profiles, defaults: nothing that reveals a secret ----------------------------
# ok: GK-QUERY-002
security find-identity -v -p codesigning
# ok: GK-QUERY-002
security find-certificate -a -c CommonName
# ok: GK-QUERY-002
security list-keychains
# ok: GK-QUERY-002
security error 25293
# ruleid: GK-PROT-002
security find-generic-password -s service -w
# ruleid: GK-UNKNOWN
security find-internet-password -s server
# ruleid: GK-PROT-002
security dump-keychain -d login.keychain
# ruleid: GK-UNKNOWN
security list-keychains -s /srv/evil.keychain
# ruleid: GK-PROT-001
security find-certificate -a -p > /srv/out.pem
# ruleid: GK-UNKNOWN
security
# ok: GK-QUERY-002
profiles list -verbose
# ok: GK-QUERY-002
profiles status -type enrollment
# ruleid: GK-UNKNOWN
profiles show -type configuration
# ruleid: GK-UNKNOWN
profiles list -output /srv/elsewhere/out.plist
# ruleid: GK-QUERY-002
profiles remove -all
# ok: GK-QUERY-002
defaults domains
# ok: GK-QUERY-002
defaults read-type com.apple.finder ShowPathbar
# ruleid: GK-UNKNOWN
defaults read com.example.app ApiToken
# ruleid: GK-UNKNOWN
defaults find token
# ruleid: GK-QUERY-002
defaults write com.apple.finder AppleShowAllFiles -bool true
