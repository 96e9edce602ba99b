# Annotated corpus for gatekeeper-docker: read by the corpus runner, NEVER executed.
# `# ruleid: R` = the next command must produce a finding with rule R;
# `# ok: R` = it must not, and the call must be allowed.
# Calls are judged in the test's project directory (an allowed dir).

# --- GK-DOCKER-001: read-only ---
# ok: GK-DOCKER-005
docker ps -a
# ok: GK-DOCKER-005
docker images
# ok: GK-DOCKER-005
docker logs --tail 50 web
# ok: GK-DOCKER-005
docker inspect web
# ok: GK-DOCKER-005
docker version
# ok: GK-DOCKER-005
docker info
# ok: GK-DOCKER-005
docker compose ps
# ok: GK-DOCKER-005
docker compose config
# ok: GK-DOCKER-005
docker compose -f compose.yaml logs web
# ok: GK-DOCKER-005
docker container ls
# ok: GK-DOCKER-005
docker image inspect alpine:3.20
# ok: GK-DOCKER-005
docker --context prod ps
# ok: GK-DOCKER-005
docker-compose ps
# ok: GK-DOCKER-005
docker system df

# --- GK-DOCKER-002: host privileges ---
# ruleid: GK-DOCKER-002
docker run --privileged alpine
# ruleid: GK-DOCKER-002
docker run --rm -it --pid=host alpine top
# ruleid: GK-DOCKER-002
docker run --network host nginx
# ruleid: GK-DOCKER-002
docker run --net=host nginx
# ruleid: GK-DOCKER-002
docker create --cap-add SYS_ADMIN alpine
# ruleid: GK-DOCKER-002
docker run --security-opt seccomp=unconfined alpine
# ruleid: GK-DOCKER-002
docker run --device /dev/sda alpine
# ruleid: GK-DOCKER-002
docker container run --ipc=host alpine
# ruleid: GK-DOCKER-002
docker compose run --cap-add NET_ADMIN web
# ruleid: GK-DOCKER-002
docker exec --privileged web sh
# ruleid: GK-DOCKER-002
docker run --unknown-flag x --privileged alpine

# --- GK-DOCKER-003: host mounts ---
# ruleid: GK-DOCKER-003
docker run -v /:/host alpine
# ruleid: GK-DOCKER-003
docker run -v ~/:/home/me alpine
# ruleid: GK-DOCKER-003
docker run -v "$HOME":/home/me alpine
# ruleid: GK-DOCKER-007
docker run -v ~:/home/me alpine
# ruleid: GK-DOCKER-003
docker run -v ~/.ssh:/keys:ro alpine
# ruleid: GK-DOCKER-003
docker run -v /var/run/docker.sock:/var/run/docker.sock docker:cli
# ruleid: GK-DOCKER-003
docker run --volume=/etc:/host-etc alpine
# ruleid: GK-DOCKER-003
docker run --mount type=bind,source=/,target=/host alpine
# ruleid: GK-DOCKER-003
docker run -itv /srv/other:/data alpine
# ruleid: GK-DOCKER-003
docker run -v /home:/h alpine
# ruleid: GK-DOCKER-003
docker compose run -v /:/host web

# --- GK-DOCKER-004: removals ---
# ruleid: GK-DOCKER-004
docker rm -f web
# ruleid: GK-DOCKER-004
docker rmi alpine
# ruleid: GK-DOCKER-004
docker system prune -af
# ruleid: GK-DOCKER-004
docker volume rm db-data
# ruleid: GK-DOCKER-004
docker image prune
# ruleid: GK-DOCKER-004
docker compose down -v
# ruleid: GK-DOCKER-004
docker builder prune

# --- GK-DOCKER-005: other writes ---
# ruleid: GK-DOCKER-005
docker run --rm alpine echo hi
# ruleid: GK-DOCKER-005
docker run --rm -v ./data:/data alpine ls /data
# ruleid: GK-DOCKER-005
docker run -v db-data:/var/lib/postgresql/data postgres
# ruleid: GK-DOCKER-005
docker compose up -d
# ruleid: GK-DOCKER-005
docker build -t app .
# ruleid: GK-DOCKER-005
docker pull alpine
# ruleid: GK-DOCKER-005
docker push acme/app:1.2
# ruleid: GK-DOCKER-005
docker run --rm alpine ls -v /

# --- GK-DOCKER-006: exec judged by the command it runs ---
# ok: GK-DOCKER-007
docker exec web ls -la
# ok: GK-DOCKER-007
docker exec -it web cat package.json
# ok: GK-DOCKER-007
docker compose exec -T web git status
# ruleid: GK-BASH-006
docker exec -it web bash
# ruleid: GK-GIT-002
docker exec web git push
# ruleid: GK-BASH-008
docker exec web rm -rf /
# ruleid: GK-WRAP-001
docker exec -u root web sudo ls

# --- GK-DOCKER-008: host files read or written by docker ---
# ruleid: GK-DOCKER-008
docker cp web:/tmp/profile ~/.bashrc
# ruleid: GK-DOCKER-008
docker cp ~/.ssh/id_ed25519 web:/root/key
# ruleid: GK-DOCKER-008
docker container cp web:/x .git/hooks/pre-commit
# ruleid: GK-DOCKER-008
docker run --env-file ~/.aws/credentials alpine
# ruleid: GK-DOCKER-008
docker save -o ~/.profile alpine
# ruleid: GK-DOCKER-005
docker cp web:/var/log/app.log ./app.log
# ruleid: GK-DOCKER-005
docker image save --output images.tar alpine

# --- GK-DOCKER-007: not known statically ---
# ruleid: GK-DOCKER-007
docker $SUB ps
# ruleid: GK-DOCKER-007
docker run -v "$SRC":/x alpine
