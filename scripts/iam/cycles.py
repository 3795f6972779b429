"""Whether template.yaml, translated as `sam deploy` would (samtemplate.translate),
has a dependency cycle: CloudFormation refuses such a template at deploy time,
and neither `sam validate --lint` nor cfn-lint looks past the SAM transform
(the HTTP API's generated body names every REST function, for one).

    scripts/iam/cycles.py [--template template.yaml]

Exit 1 with the cycle, resource by resource, when there is one.
"""
import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from samtemplate import translate, yaml_parse  # noqa: E402

_SUB_NAME = re.compile(r"\$\{([^}!.]+)")


def references(value, found):
    """Every logical id a template value names (Ref, GetAtt, Sub), into `found`."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "Ref" and isinstance(inner, str):
                found.add(inner)
            elif key == "Fn::GetAtt":
                found.add(inner[0] if isinstance(inner, list) else inner.split(".")[0])
            elif key == "Fn::Sub":
                text = inner if isinstance(inner, str) else inner[0]
                found.update(_SUB_NAME.findall(text))
                if not isinstance(inner, str):
                    references(inner[1], found)
            else:
                references(inner, found)
    elif isinstance(value, list):
        for inner in value:
            references(inner, found)
    return found


def dependencies(resources):
    """Each resource's resources: what it names, and its DependsOn."""
    graph = {}
    for name, resource in resources.items():
        named = references(resource.get("Properties", {}), set())
        depends = resource.get("DependsOn", [])
        named.update([depends] if isinstance(depends, str) else depends)
        graph[name] = sorted(n for n in named if n in resources and n != name)
    return graph


def find_cycle(graph):
    """One cycle of the graph as a list of names (its first name again at the end), or None."""
    state = {}
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [], [(start, iter(graph[start]))]
        state[start] = "open"
        path.append(start)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                state[node] = "done"
            elif state.get(child) == "open":
                return path[path.index(child):] + [child]
            elif child not in state:
                state[child] = "open"
                path.append(child)
                stack.append((child, iter(graph[child])))
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--template", default="template.yaml")
    args = ap.parse_args(argv)
    sam = yaml_parse(Path(args.template).read_text())
    translated = translate(sam, {}, "us-east-1")
    graph = dependencies(translated["Resources"])
    cycle = find_cycle(graph)
    if cycle:
        print(f"{args.template}: a dependency cycle, which CloudFormation refuses: {' -> '.join(cycle)}")
        return 1
    print(f"{args.template}: no dependency cycle among {len(graph)} resources (as deployed, after the SAM transform)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
