"""Build the compiled double-dummy core; all metadata lives in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "auctionwhist.solver._core",
            sources=["src/auctionwhist/solver/_core.c"],
            extra_compile_args=["-O3", "-std=c99"],
        )
    ]
)
