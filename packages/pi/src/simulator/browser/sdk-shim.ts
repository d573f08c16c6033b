// The simulator's stand-in for https://sdk.minepi.com/pi-sdk.js, served as GET /sdk.js.
// Kept as a string (plain browser JavaScript, no build step) rather than a file read at startup,
// so it survives the API server being bundled into one file. String.raw keeps backslashes as
// written; the script must not contain backticks or "${".
export const piSdkShimScript = String.raw`/* Pi Network SDK simulator: window.Pi backed by the PurpleBeats Pi simulator. Never used in production. */
(function () {
  "use strict";
  if (window.Pi && window.Pi.isSimulator) return;

  var APP_NAME = "PurpleBeats";
  var SIMULATOR_TITLE = "Pi Network (simulator)";
  var ACCENT = "#7c3aed";
  var USERNAME_KEY = "pi-sim-username";
  var APPROVAL_POLL_MS = 500;
  var APPROVAL_TIMEOUT_MS = 60000;

  // The control API lives next to this script, whatever prefix the simulator is mounted under.
  var base = scriptBase();
  var initialized = false;
  var session = null; // { accessToken, user, scopes }
  var onIncompletePaymentFound = null;

  function scriptBase() {
    var script = document.currentScript;
    if (!script) {
      var scripts = document.querySelectorAll("script[src]");
      for (var i = scripts.length - 1; i >= 0; i--) {
        if (/\/sdk\.js(?:[?#].*)?$/.test(scripts[i].src)) { script = scripts[i]; break; }
      }
    }
    var src = script && script.src ? script.src : window.location.origin + "/sdk.js";
    return src.replace(/\/sdk\.js(?:[?#].*)?$/, "");
  }

  // --- control API ---------------------------------------------------------------------------

  function control(method, path, body, accessToken) {
    var headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (accessToken) headers.Authorization = "Bearer " + accessToken;
    return fetch(base + "/__control" + path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        if (!response.ok) {
          var error = new Error((data && data.error_message) || "Pi simulator answered " + response.status);
          error.code = data && data.error;
          error.payment = data && data.payment;
          throw error;
        }
        return data;
      });
    });
  }

  function callSafely(callback, args) {
    if (typeof callback !== "function") return;
    try { callback.apply(null, args); } catch (error) { console.error("[Pi simulator] app callback threw", error); }
  }

  function delay(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  function rememberedUsername() {
    try { return window.localStorage.getItem(USERNAME_KEY) || "pioneer"; } catch (e) { return "pioneer"; }
  }

  function rememberUsername(username) {
    try { window.localStorage.setItem(USERNAME_KEY, username); } catch (e) { /* storage may be disabled */ }
  }

  // --- dialogs (plain DOM, inline styles) ------------------------------------------------------

  var dialogCount = 0;

  function el(tag, attributes, styles, children) {
    var node = document.createElement(tag);
    for (var name in attributes || {}) node.setAttribute(name, attributes[name]);
    for (var key in styles || {}) node.style[key] = styles[key];
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function button(label, testId, primary) {
    return el("button", { type: "button", "data-testid": testId }, {
      padding: "8px 16px",
      borderRadius: "8px",
      border: "1px solid " + ACCENT,
      background: primary ? ACCENT : "transparent",
      color: primary ? "#fff" : ACCENT,
      font: "inherit",
      fontWeight: "600",
      cursor: "pointer",
    }, [label]);
  }

  // options: { heading, content: Node[], confirm: {label, testId}, onConfirm(dialog), onCancel(dialog) }
  function openDialog(options) {
    var headingId = "pi-sim-heading-" + (++dialogCount);
    var confirm = button(options.confirm.label, options.confirm.testId, true);
    var cancel = button("Cancel", "pi-sim-cancel", false);
    var message = el("p", { role: "alert", "data-testid": "pi-sim-error" }, { color: "#b91c1c", margin: "8px 0 0", minHeight: "1em", fontSize: "13px" });
    var form = el("form", {}, {}, options.content.concat([message, el("div", {}, {
      display: "flex", justifyContent: "flex-end", gap: "8px", marginTop: "16px",
    }, [cancel, confirm])]));
    var panel = el("div", {
      role: "dialog", "aria-modal": "true", "aria-labelledby": headingId, "data-testid": "pi-sim-dialog",
    }, {
      background: "#fff", color: "#1f1534", borderRadius: "12px", borderTop: "4px solid " + ACCENT,
      padding: "20px", width: "min(360px, 90vw)", boxShadow: "0 12px 40px rgba(31, 21, 52, 0.35)",
      fontFamily: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif", fontSize: "15px", lineHeight: "1.4",
    }, [
      el("h2", { id: headingId }, { margin: "0 0 12px", fontSize: "18px" }, [options.heading]),
      form,
    ]);
    // Every sheet says where it comes from; the sign-in sheet's title already does.
    if (options.heading !== SIMULATOR_TITLE) {
      panel.insertBefore(el("div", {}, { color: ACCENT, fontSize: "12px", fontWeight: "700", marginBottom: "6px" }, [SIMULATOR_TITLE]), panel.firstChild);
    }
    var overlay = el("div", { "data-testid": "pi-sim-overlay" }, {
      position: "fixed", inset: "0", zIndex: "2147483000", display: "flex", alignItems: "center",
      justifyContent: "center", background: "rgba(17, 10, 31, 0.55)",
    }, [panel]);

    var dialog = {
      close: function () {
        document.removeEventListener("keydown", onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      },
      busy: function (isBusy) {
        confirm.disabled = isBusy;
        cancel.disabled = isBusy;
        confirm.style.opacity = cancel.style.opacity = isBusy ? "0.6" : "1";
      },
      showError: function (text) { message.textContent = text; },
    };
    function onKey(event) {
      if (event.key === "Escape" && !cancel.disabled) { event.preventDefault(); options.onCancel(dialog); }
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!confirm.disabled) options.onConfirm(dialog);
    });
    confirm.addEventListener("click", function () { if (!confirm.disabled) options.onConfirm(dialog); });
    cancel.addEventListener("click", function () { if (!cancel.disabled) options.onCancel(dialog); });
    document.addEventListener("keydown", onKey, true);
    document.body.appendChild(overlay);
    (panel.querySelector("input") || confirm).focus();
    return dialog;
  }

  // --- SDK surface ---------------------------------------------------------------------------

  function notInitialized() {
    return new Error("Pi Network SDK was not initialized. Call init() before any other method.");
  }

  function init(config) {
    initialized = true;
    Pi.config = { version: config && config.version, sandbox: Boolean(config && config.sandbox) };
    return Promise.resolve();
  }

  function authenticate(scopes, incompletePaymentCallback) {
    if (!initialized) return Promise.reject(notInitialized());
    return new Promise(function (resolve, reject) {
      var input = el("input", {
        id: "pi-sim-username-" + (dialogCount + 1), type: "text", autocomplete: "username",
        "data-testid": "pi-sim-username", value: rememberedUsername(),
      }, { display: "block", width: "100%", boxSizing: "border-box", marginTop: "4px", padding: "8px 10px",
        border: "1px solid #c4b5fd", borderRadius: "8px", font: "inherit" });
      var label = el("label", { for: input.id }, { fontWeight: "600" }, ["Pi username"]);
      openDialog({
        heading: SIMULATOR_TITLE,
        content: [el("p", {}, { margin: "0 0 12px" }, [APP_NAME + " would like to know your Pi username and make payments."]), label, input],
        confirm: { label: "Allow", testId: "pi-sim-allow" },
        onConfirm: function (dialog) {
          var username = input.value.trim();
          if (!username) { dialog.showError("Enter a username"); return; }
          dialog.busy(true);
          control("POST", "/users", { username: username }).then(function (auth) {
            rememberUsername(username);
            session = { accessToken: auth.accessToken, user: auth.user, scopes: Array.isArray(scopes) ? scopes.slice() : [] };
            onIncompletePaymentFound = incompletePaymentCallback;
            return control("GET", "/users/" + encodeURIComponent(auth.user.uid) + "/incomplete");
          }).then(function (incomplete) {
            dialog.close();
            if (incomplete) callSafely(onIncompletePaymentFound, [incomplete]);
            resolve({ accessToken: session.accessToken, user: { uid: session.user.uid, username: session.user.username } });
          }, function (error) {
            dialog.close();
            reject(error);
          });
        },
        onCancel: function (dialog) {
          dialog.close();
          reject(new Error("User cancelled authentication"));
        },
      });
    });
  }

  function createPayment(paymentData, callbacks) {
    callbacks = callbacks || {};
    function fail(error, payment) {
      if (typeof callbacks.onError === "function") callSafely(callbacks.onError, payment ? [error, payment] : [error]);
      else console.error("[Pi simulator] payment failed", error);
    }
    if (!initialized) return fail(notInitialized());
    if (!session) return fail(new Error("The user is not authenticated: call Pi.authenticate() first"));
    if (session.scopes.indexOf("payments") === -1) return fail(new Error("Cannot create a payment without \"payments\" scope"));

    var accessToken = session.accessToken;
    control("POST", "/payments", paymentData, accessToken).then(function (payment) {
      callSafely(callbacks.onReadyForServerApproval, [payment.identifier]);
      return waitForApproval(payment).then(function (approved) {
        if (approved.status.cancelled || approved.status.user_cancelled) {
          callSafely(callbacks.onCancel, [approved.identifier]);
          return;
        }
        askToPay(approved, callbacks, fail);
      });
    }).catch(function (error) {
      if (error.code === "incomplete_payment_found" && error.payment) callSafely(onIncompletePaymentFound, [error.payment]);
      fail(error, error.payment);
    });
  }

  // Resolves with the payment once the app's server approved (or cancelled) it.
  function waitForApproval(payment) {
    var deadline = Date.now() + APPROVAL_TIMEOUT_MS;
    function poll() {
      return control("GET", "/payments/" + encodeURIComponent(payment.identifier)).then(function (current) {
        var status = current.status;
        if (status.developer_approved || status.cancelled || status.user_cancelled) return current;
        if (Date.now() >= deadline) {
          var error = new Error("The app did not approve the payment within " + APPROVAL_TIMEOUT_MS / 1000 + " seconds");
          error.payment = current;
          throw error;
        }
        return delay(APPROVAL_POLL_MS).then(poll);
      });
    }
    return poll();
  }

  function askToPay(payment, callbacks, fail) {
    var id = payment.identifier;
    var path = "/payments/" + encodeURIComponent(id);
    openDialog({
      heading: "Pay " + payment.amount + " \u03c0 to " + APP_NAME + "?",
      content: [el("p", { "data-testid": "pi-sim-memo" }, { margin: "0" }, [payment.memo])],
      confirm: { label: "Approve", testId: "pi-sim-approve" },
      onConfirm: function (dialog) {
        dialog.busy(true);
        control("POST", path + "/transaction").then(function (result) {
          dialog.close();
          callSafely(callbacks.onReadyForServerCompletion, [id, result.txid]);
        }, function (error) {
          dialog.close();
          fail(error, payment);
        });
      },
      onCancel: function (dialog) {
        dialog.busy(true);
        control("POST", path + "/cancel").then(function () {
          dialog.close();
          callSafely(callbacks.onCancel, [id]);
        }, function (error) {
          dialog.close();
          fail(error, payment);
        });
      },
    });
  }

  // --- Ads (Pi's Ad Network): the simulator answers, and a full-screen sheet stands for the ad itself -----

  // A network failure reads as Pi's AD_NETWORK_ERROR (showAd) or AD_FAILED_TO_LOAD (requestAd), as the SDK reports one.
  function adCall(method, path, fallback) {
    var token = session ? session.accessToken : undefined;
    return control(method, "/ads/" + path, undefined, token).catch(function (error) {
      console.warn("[Pi simulator] ad call failed", error);
      return fallback;
    });
  }

  function checkAdType(type) {
    if (type !== "interstitial" && type !== "rewarded") return Promise.reject(new Error("Unknown ad type: " + type));
    if (!initialized) return Promise.reject(notInitialized());
    return null;
  }

  // The ad on screen until the listener closes it; resolves then.
  function playAd(type) {
    return new Promise(function (resolve) {
      var close = button("Close ad", "pi-sim-ad-close", true);
      var headingId = "pi-sim-ad-heading-" + (++dialogCount);
      var overlay = el("div", {
        role: "dialog", "aria-modal": "true", "aria-labelledby": headingId, "data-testid": "pi-sim-ad",
        "data-ad-type": type,
      }, {
        position: "fixed", inset: "0", zIndex: "2147483000", display: "flex", flexDirection: "column",
        alignItems: "center", justifyContent: "center", gap: "16px", background: "#1f1534", color: "#fff",
        fontFamily: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif", textAlign: "center", padding: "24px",
      }, [
        el("div", {}, { color: "#c4b5fd", fontSize: "12px", fontWeight: "700" }, [SIMULATOR_TITLE]),
        el("h2", { id: headingId }, { margin: "0", fontSize: "22px" }, [type === "rewarded" ? "Rewarded ad" : "Advertisement"]),
        el("p", {}, { margin: "0", maxWidth: "280px" }, ["A stand-in for an ad from Pi's Ad Network."]),
        close,
      ]);
      close.addEventListener("click", function () {
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        resolve();
      });
      document.body.appendChild(overlay);
      close.focus();
    });
  }

  var Ads = {
    isAdReady: function (type) {
      return checkAdType(type) || adCall("GET", type + "/ready", { type: type, ready: false });
    },
    requestAd: function (type) {
      return checkAdType(type) || adCall("POST", type + "/request", { type: type, result: "AD_FAILED_TO_LOAD" });
    },
    showAd: function (type) {
      return checkAdType(type) || adCall("POST", type + "/show", { type: type, result: "AD_NETWORK_ERROR" }).then(function (response) {
        var shown = response.result === "AD_CLOSED" || response.result === "AD_REWARDED";
        return shown ? playAd(type).then(function () { return response; }) : response;
      });
    },
  };

  var Pi = {
    isSimulator: true,
    init: init,
    authenticate: authenticate,
    createPayment: createPayment,
    nativeFeaturesList: function () { return Promise.resolve(["ad_network"]); },
    Ads: Ads,
  };
  window.Pi = Pi;
})();
`;
