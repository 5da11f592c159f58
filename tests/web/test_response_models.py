"""The API's JSON answers have declared shapes (web/schemas.py), so the OpenAPI schema that
Schemathesis checks answers against names real fields instead of "any object"."""

from __future__ import annotations

from typing import Any

import pytest

from dicehall.web.app import create_app

SCHEMA = create_app("sqlite://").openapi()
MODELLED = [
    ("/api/health", "get", "200"),
    ("/api/games", "get", "200"),
    ("/api/games/{game_id}/check", "post", "200"),
    ("/api/tables", "get", "200"),
    ("/api/tables", "post", "201"),
    ("/api/tables/{table_id}", "get", "200"),
    ("/api/tables/{table_id}/claim", "post", "200"),
]


def _model(schema: dict[str, Any]) -> dict[str, Any]:
    """The component a `$ref` (or an array of them) points at."""
    ref = schema.get("$ref") or schema.get("items", {}).get("$ref")
    assert ref, f"no declared model: {schema}"
    found: dict[str, Any] = SCHEMA["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return found


@pytest.mark.parametrize(("path", "method", "status"), MODELLED)
def test_each_json_answer_names_its_fields(path: str, method: str, status: str) -> None:
    answer = SCHEMA["paths"][path][method]["responses"][status]
    model = _model(answer["content"]["application/json"]["schema"])
    assert model["required"] and model["additionalProperties"] is False


def test_errors_are_documented_with_their_shape() -> None:
    answer = SCHEMA["paths"]["/api/tables/{table_id}"]["get"]["responses"]["404"]
    model = _model(answer["content"]["application/json"]["schema"])
    assert set(model["required"]) == {"error", "message"}
