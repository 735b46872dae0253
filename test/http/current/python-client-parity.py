"""The calls of the official Python client (typecast-python), made from Python with `requests`.

Run by python-client-parity.test.ts when python3 has `requests` and `pydantic`:
    python3 python-client-parity.py BASE_URL API_KEY VOICE_ID V21_ONLY_VOICE_ID

The session is set up the way the client sets up its own (X-API-KEY and Content-Type:
application/json on every request, its User-Agent); request bodies are pydantic models dumped with
exclude_none=True, defaults filled in; each answer is validated with pydantic models of the
response shapes the client declares. Prints one JSON line: {"passed": [...], "failed": [...]}.
"""

import base64
import io
import json
import sys
import wave
from typing import List, Literal, Optional

import requests
from pydantic import BaseModel, Field, model_validator

BASE, KEY, VOICE, V21_VOICE = sys.argv[1:5]


# --- requests as the client builds them (field names, defaults, None dropped) ---

class Output(BaseModel):
    remove_silence_ms: Optional[int] = None
    volume: Optional[int] = 100
    target_lufs: Optional[float] = None
    audio_pitch: Optional[int] = 0
    audio_tempo: Optional[float] = 1.0
    audio_format: Optional[str] = "wav"

    @model_validator(mode="before")
    @classmethod
    def no_volume_with_lufs(cls, data):
        if isinstance(data, dict) and data.get("target_lufs") is not None and "volume" not in data:
            data["volume"] = None
        return data


class StreamOutput(BaseModel):
    remove_silence_ms: Optional[int] = None
    audio_pitch: Optional[int] = 0
    audio_tempo: Optional[float] = 1.0
    audio_format: Optional[str] = "wav"
    target_lufs: Optional[float] = None


class PlainPrompt(BaseModel):
    emotion_preset: Optional[str] = "normal"
    emotion_intensity: Optional[float] = 1.0


class PresetPrompt(PlainPrompt):
    emotion_type: Literal["preset"] = "preset"


class SmartPrompt(BaseModel):
    emotion_type: Literal["smart"] = "smart"
    previous_text: Optional[str] = None
    next_text: Optional[str] = None


class Speech(BaseModel):
    voice_id: str
    text: str
    model: str
    language: Optional[str] = None
    prompt: Optional[object] = None
    output: Optional[object] = None


def dump(model: BaseModel) -> dict:
    out = model.model_dump(exclude_none=True)
    for key in ("prompt", "output"):
        value = getattr(model, key, None)
        if isinstance(value, BaseModel):
            out[key] = value.model_dump(exclude_none=True)
    return out


# --- answers as the client parses them ---

class VoiceV1(BaseModel):
    voice_id: str
    voice_name: str
    model: str
    emotions: List[str]


class ModelEntry(BaseModel):
    version: Literal["ssfm-v21", "ssfm-v30"]
    emotions: List[str]


class VoiceV2(BaseModel):
    voice_id: str
    voice_name: str
    models: List[ModelEntry]
    gender: Optional[Literal["male", "female"]] = None
    age: Optional[Literal["child", "teenager", "young_adult", "middle_age", "elder"]] = None
    use_cases: Optional[List[str]] = None


class Recommended(BaseModel):
    voice_id: str
    voice_name: str
    score: float


class Credits(BaseModel):
    plan_credits: int
    used_credits: int


class Limits(BaseModel):
    concurrency_limit: int


class Subscription(BaseModel):
    plan: Literal["free", "lite", "plus", "custom"]
    credits: Credits
    limits: Limits


class Segment(BaseModel):
    text: str
    start: float = Field(ge=0)
    end: float = Field(ge=0)

    @model_validator(mode="after")
    def ordered(self):
        if self.end < self.start:
            raise ValueError("end before start")
        return self


class Timestamps(BaseModel):
    audio: str
    audio_format: Literal["wav", "mp3"]
    audio_duration: float
    words: Optional[List[Segment]] = None
    characters: Optional[List[Segment]] = None


class Spoken(BaseModel):
    audio_data: bytes
    duration: float
    format: str


session = requests.Session()
session.headers.update({
    "Content-Type": "application/json",
    "User-Agent": "typecast-python/dev Python/3.11 CPython/3.11 requests (mode=sync; base=custom; transport=rest)",
    "X-API-KEY": KEY,
})
passed: List[str] = []
failed: List[str] = []


def check(name, fn):
    try:
        fn()
        passed.append(name)
    except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the run
        failed.append(f"{name}: {type(error).__name__}: {str(error)[:300]}")


def ok(response):
    if response.status_code != 200:
        raise AssertionError(f"{response.status_code} {response.text[:300]}")
    return response


def spoken(response) -> Spoken:
    ok(response)
    return Spoken(
        audio_data=response.content,
        duration=response.headers.get("X-Audio-Duration", 0),
        format=response.headers.get("Content-Type", "audio/wav").split("/")[-1],
    )


def voices():
    items = [VoiceV1.model_validate(v) for v in ok(session.get(f"{BASE}/v1/voices", params={})).json()]
    assert items
    v21 = [VoiceV1.model_validate(v) for v in ok(session.get(f"{BASE}/v1/voices", params={"model": "ssfm-v21"})).json()]
    assert v21 and all(v.model == "ssfm-v21" for v in v21)


def get_voice():
    data = ok(session.get(f"{BASE}/v1/voices/{VOICE}")).json()
    VoiceV1.model_validate(data[0] if isinstance(data, list) and data else data)


def voices_v2():
    for params in ({}, {"model": "ssfm-v30", "gender": "female", "age": "young_adult", "use_cases": "Tiktok/Reels"}, {"use_cases": "Rapper"}):
        [VoiceV2.model_validate(v) for v in ok(session.get(f"{BASE}/v2/voices", params=params)).json()]


def voice_v2():
    VoiceV2.model_validate(ok(session.get(f"{BASE}/v2/voices/{VOICE}")).json())


def recommend():
    items = [Recommended.model_validate(v) for v in ok(session.get(f"{BASE}/v1/voices/recommendations", params={"query": "calm narrator", "count": 3})).json()]
    assert len(items) == 3


def subscription():
    Subscription.model_validate(ok(session.get(f"{BASE}/v1/users/me/subscription")).json())


def tts_defaults():
    body = dump(Speech(voice_id=VOICE, text="Hello from requests.", model="ssfm-v30", prompt=PlainPrompt(), output=Output()))
    assert body["output"] == {"volume": 100, "audio_pitch": 0, "audio_tempo": 1.0, "audio_format": "wav"}, body
    speech = spoken(session.post(f"{BASE}/v1/text-to-speech", json=body))
    assert speech.format == "wav" and speech.duration > 0.3
    with wave.open(io.BytesIO(speech.audio_data), "rb") as reader:  # what compose_speech() does with each piece
        assert (reader.getnchannels(), reader.getsampwidth(), reader.getframerate()) == (1, 2, 44100)
        assert abs(reader.getnframes() / 44100 - speech.duration) < 0.002


def tts_preset_lufs_mp3():
    body = dump(Speech(voice_id=VOICE, text="Loud and happy!", model="ssfm-v30", language="eng",
                       prompt=PresetPrompt(emotion_preset="happy", emotion_intensity=1.5),
                       output=Output(target_lufs=-16.0, audio_format="mp3")))
    assert "volume" not in body["output"], body
    speech = spoken(session.post(f"{BASE}/v1/text-to-speech", json=body))
    assert speech.format == "mp3" and speech.audio_data[:1] == b"\xff"


def tts_smart_nan():
    body = dump(Speech(voice_id=VOICE, text="你好，世界。", model="ssfm-v30", language="nan", prompt=SmartPrompt(),
                       output=Output(remove_silence_ms=0, volume=120)))
    spoken(session.post(f"{BASE}/v1/text-to-speech", json=body))


def tts_v21_seed():
    body = dump(Speech(voice_id=V21_VOICE, text="Kumusta ka?", model="ssfm-v21", language="tgl"))
    body["seed"] = 42  # clients before the seed was retired
    spoken(session.post(f"{BASE}/v1/text-to-speech", json=body))


def stream():
    body = dump(Speech(voice_id=VOICE, text="A stream for Python. It comes in chunks.", model="ssfm-v30", output=StreamOutput()))
    assert body["output"] == {"audio_pitch": 0, "audio_tempo": 1.0, "audio_format": "wav"}, body
    response = session.post(f"{BASE}/v1/text-to-speech/stream", json=body, stream=True, timeout=(10, 300))
    ok(response)
    data = b"".join(chunk for chunk in response.iter_content(chunk_size=8192) if chunk)
    assert data[:4] == b"RIFF" and data[4:8] == b"\xff\xff\xff\xff" and len(data) > 44 + 32000


def stream_mp3_lufs():
    body = dump(Speech(voice_id=VOICE, text="MP3 stream, set loudness.", model="ssfm-v30", output=StreamOutput(target_lufs=-20.0, audio_format="mp3")))
    response = session.post(f"{BASE}/v1/text-to-speech/stream", json=body, stream=True, timeout=(10, 300))
    ok(response)
    data = b"".join(response.iter_content(chunk_size=8192))
    assert response.headers["Content-Type"] == "audio/mp3" and data[:1] == b"\xff"


def timestamps():
    body = dump(Speech(voice_id=VOICE, text="Every word gets a time.", model="ssfm-v30"))
    for granularity in (None, "word", "char"):
        params = {"granularity": granularity} if granularity else None
        parsed = Timestamps.model_validate(ok(session.post(f"{BASE}/v1/text-to-speech/with-timestamps", json=body, params=params, timeout=(10, 300))).json())
        base64.b64decode(parsed.audio, validate=True)
        assert (parsed.words is None) == (granularity == "char") and (parsed.characters is None) == (granularity == "word")


def delete_unknown():
    response = session.delete(f"{BASE}/v1/voices/uc_ffffffffffffffffffffffff", timeout=(10, 60))
    assert response.status_code == 404, f"{response.status_code} {response.text[:200]}"


def errors():
    wrong = requests.get(f"{BASE}/v1/voices", headers={"X-API-KEY": "nope", "Content-Type": "application/json"})
    assert wrong.status_code == 401, wrong.status_code
    cases = [
        (404, {"voice_id": "tc_ffffffffffffffffffffffff", "text": "Nobody.", "model": "ssfm-v30"}),
        (400, {"voice_id": V21_VOICE, "text": "No v30 here.", "model": "ssfm-v30"}),
        (422, {"voice_id": VOICE, "text": "", "model": "ssfm-v30"}),
        (422, {"voice_id": VOICE, "text": "?!", "model": "ssfm-v30"}),
    ]
    for status, body in cases:
        response = session.post(f"{BASE}/v1/text-to-speech", json=body)
        assert response.status_code == status, f"{body} → {response.status_code} {response.text[:200]}"
        json.loads(response.text)


for name, fn in [
    ("voices", voices), ("get_voice", get_voice), ("voices_v2", voices_v2), ("voice_v2", voice_v2),
    ("recommend_voices", recommend), ("get_my_subscription", subscription),
    ("text_to_speech defaults", tts_defaults), ("text_to_speech preset lufs mp3", tts_preset_lufs_mp3),
    ("text_to_speech smart nan", tts_smart_nan), ("text_to_speech v21 seed", tts_v21_seed),
    ("text_to_speech_stream", stream), ("text_to_speech_stream mp3 lufs", stream_mp3_lufs),
    ("text_to_speech_with_timestamps", timestamps), ("delete_voice unknown", delete_unknown), ("errors", errors),
]:
    check(name, fn)

print(json.dumps({"passed": passed, "failed": failed}))
