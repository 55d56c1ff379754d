"""Build the compiled double-dummy core; all metadata lives in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "auctionwhist.solver._core",
            sources=["src/auctionwhist/solver/_core.c"],
            # one solve runs on every core (POSIX threads)
            extra_compile_args=["-O3", "-std=c99", "-pthread"],
            extra_link_args=["-pthread"],
        )
    ]
)
